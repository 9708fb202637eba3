import { describe, expect, it } from "vitest";
import { unitSale, wholesaleBox } from "./unit-sale.ts";

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

describe("wholesaleBox (decision 102)", () => {
  it("sells a whole box at DistroPrice per piece times the pieces it holds", () => {
    expect(wholesaleBox({ distroPriceCents: 450, pcsPerPack: 5, packPerBox: 4 })).toEqual({
      unitPriceCents: 9000,
      piecesPerUnit: 20,
    });
  });

  it("sells no box without a DistroPrice or without both pack counts", () => {
    expect(wholesaleBox({ distroPriceCents: null, pcsPerPack: 5, packPerBox: 4 })).toBeNull();
    expect(wholesaleBox({ distroPriceCents: 450, pcsPerPack: null, packPerBox: 4 })).toBeNull();
    expect(wholesaleBox({ distroPriceCents: 450, pcsPerPack: 5, packPerBox: null })).toBeNull();
    expect(wholesaleBox({ distroPriceCents: 450, pcsPerPack: 0, packPerBox: 4 })).toBeNull();
  });
});
