import { describe, expect, it } from "vitest";
import { onSalePriceProblem, unitPriceCents } from "./unit-price.ts";

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

const prices = (pcs: number | null, box: number | null, list: number | null) => ({
  sellingPricePcsCents: pcs,
  sellingPriceBoxCents: box,
  priceCents: list,
});

describe("onSalePriceProblem", () => {
  it("lets a product with a price above $0.00 be sold", () => {
    expect(onSalePriceProblem(prices(199, null, null))).toBeNull();
    expect(onSalePriceProblem(prices(null, 900, null))).toBeNull();
    expect(onSalePriceProblem(prices(null, null, 2500))).toBeNull();
  });

  it("names the field of a selling price of $0.00", () => {
    expect(onSalePriceProblem(prices(0, 900, 2500))?.field).toBe("SellingPricePCS");
    expect(onSalePriceProblem(prices(199, 0, 2500))?.field).toBe("SellingPriceBox");
  });

  it("refuses a product with no price at all, or a list price of $0.00 alone", () => {
    expect(onSalePriceProblem(prices(null, null, null))).toEqual({
      field: "SellingPricePCS",
      message: "An active product needs a selling price per piece or per box (or a list price) above $0.00.",
    });
    expect(onSalePriceProblem(prices(null, null, 0))?.field).toBe("SellingPricePCS");
  });
});
