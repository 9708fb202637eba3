import { describe, expect, it } from "vitest";
import { variantName } from "./variant.ts";

describe("variantName", () => {
  it("is the product's name alone without options", () => {
    expect(variantName("Nimbrix Pro 25K", [])).toBe("Nimbrix Pro 25K");
  });
  it("names the option values in their order", () => {
    expect(
      variantName("Nimbrix Pro 25K", [
        { name: "Flavour", value: "Blue Razz" },
        { name: "Nicotine strength", value: "5%" },
      ]),
    ).toBe("Nimbrix Pro 25K (Blue Razz, 5%)");
  });
});
