import { describe, expect, it } from "vitest";
import { optionKind, variantName } from "./variant.ts";

describe("variantName", () => {
  it("is the product's name alone without options", () => {
    expect(variantName("Nimbrix Pro 25K", [])).toBe("Nimbrix Pro 25K");
  });
  it("names the option values in their order, leaving out options a row does not have", () => {
    expect(variantName("Nimbrix Pro 25K", ["Blue Razz", "5%"])).toBe("Nimbrix Pro 25K (Blue Razz, 5%)");
    expect(variantName("Kratom Red", ["250 g", null, null])).toBe("Kratom Red (250 g)");
  });
});

describe("optionKind", () => {
  it("reads what an option gives its variants from its name, whatever its case", () => {
    expect(
      ["Nicotine strength", "Strength", "NICOTINE", "Flavor", "Flavours", "Size", "Weight", "Count", "Colour"].map(
        optionKind,
      ),
    ).toEqual(["nicotine", "nicotine", "nicotine", "flavour", "flavour", "size", "size", "size", null]);
  });
});
