import { describe, expect, it } from "vitest";
import { unitPriceCents } from "./unit-price.ts";

describe("unitPriceCents", () => {
  const none = { sellingPricePcsCents: null, sellingPriceBoxCents: null, priceCents: null };

  it("prefers the piece price", () => {
    expect(unitPriceCents({ sellingPricePcsCents: 1999, sellingPriceBoxCents: 9000, priceCents: 2500 })).toBe(1999);
  });
  it("falls back to the box price, then the list price, then 0", () => {
    expect(unitPriceCents({ ...none, sellingPriceBoxCents: 9000, priceCents: 2500 })).toBe(9000);
    expect(unitPriceCents({ ...none, priceCents: 2500 })).toBe(2500);
    expect(unitPriceCents(none)).toBe(0);
  });
  it("keeps a price of 0 rather than falling through", () => {
    expect(unitPriceCents({ ...none, sellingPricePcsCents: 0, priceCents: 2500 })).toBe(0);
  });
});
