import { describe, expect, it } from "vitest";
import { DEFAULT_SHIPPING_RULES } from "./cart.ts";
import { orderTotals, salesTaxCents } from "./order-totals.ts";
import { unitSale } from "./unit-sale.ts";

describe("salesTaxCents", () => {
  it.each([
    [10000, 625, 625],
    [1999, 625, 125], // 124.9375 rounds to 125
    [1, 625, 0],
    [8, 625, 1], // 0.5 rounds up
    [5000, 0, 0],
  ])("tax on %i cents at %i basis points is %i cents", (subtotal, rate, tax) => {
    expect(salesTaxCents(subtotal, rate)).toBe(tax);
  });
});

describe("orderTotals", () => {
  it("adds the cart's shipping rule and the tax on the goods", () => {
    expect(orderTotals([{ unitPriceCents: 1999, quantity: 2 }], DEFAULT_SHIPPING_RULES, 825)).toEqual({
      subtotalCents: 3998,
      discountCents: 0,
      shippingCents: 1000,
      taxCents: 330,
      totalCents: 5328,
    });
  });

  it("ships free over the threshold and taxes nothing without a rate", () => {
    expect(orderTotals([{ unitPriceCents: 10001, quantity: 1 }], DEFAULT_SHIPPING_RULES, 0)).toEqual({
      subtotalCents: 10001,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 10001,
    });
  });
});

describe("orderTotals with a discount (docs/decisions/057)", () => {
  it("takes the discount off the goods before tax, and decides free shipping on the goods after it", () => {
    expect(orderTotals([{ unitPriceCents: 11000, quantity: 1 }], DEFAULT_SHIPPING_RULES, 1000, 2000)).toEqual({
      subtotalCents: 11000,
      discountCents: 2000,
      shippingCents: 1000,
      taxCents: 900,
      totalCents: 9000 + 1000 + 900,
    });
  });

  it("never takes off more than the goods", () => {
    expect(orderTotals([{ unitPriceCents: 500, quantity: 1 }], DEFAULT_SHIPPING_RULES, 0, 900)).toMatchObject({
      discountCents: 500,
      totalCents: DEFAULT_SHIPPING_RULES.flatFeeCents,
    });
  });
});

describe("unitSale", () => {
  const product = {
    sellingPricePcsCents: 1999,
    sellingPriceBoxCents: 17999,
    priceCents: 2499,
    pcsPerPack: 5,
    packPerBox: 2,
  };

  it("sells a piece at the spec's unit price and a box at the box price, with the pieces it holds", () => {
    expect(unitSale(product, "piece")).toEqual({ unitPriceCents: 1999, piecesPerUnit: 1 });
    expect(unitSale(product, "box")).toEqual({ unitPriceCents: 17999, piecesPerUnit: 10 });
  });

  it("counts a box without pack counts as one piece, and sells no box without a box price", () => {
    expect(unitSale({ ...product, pcsPerPack: null, packPerBox: null }, "box")?.piecesPerUnit).toBe(1);
    expect(unitSale({ ...product, sellingPriceBoxCents: null }, "box")).toBeNull();
  });
});
