import { describe, expect, it } from "vitest";
import type { Product, ProductVariant } from "../schemas/catalog.ts";
import {
  choicesText,
  lineName,
  optionChoices,
  optionKind,
  shownVariant,
  variantName,
  variantOfValues,
  variantSummary,
} from "./variant.ts";

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

describe("lineName", () => {
  it("names a line by its product and its option values", () => {
    const options = [
      { name: "Flavour", value: "Mango" },
      { name: "Nicotine strength", value: "5%" },
    ];
    expect(lineName({ name: "Twin Vape", options })).toBe("Twin Vape (Mango, 5%)");
    expect(lineName({ name: "Twin Vape", options: [] })).toBe("Twin Vape");
  });
});

const OPTIONS = [
  { name: "Flavour", values: ["Blue Razz", "Mango", "Grape", "Lime"] },
  { name: "Nicotine strength", values: ["5%", "0%"] },
];

function variant(id: string, options: string[], stock: number, overrides: Partial<ProductVariant> = {}) {
  return {
    id,
    sku: `SKU-${id}`,
    options,
    priceCents: null,
    sellingPricePcsCents: 999,
    sellingPriceBoxCents: null,
    pcsPerPack: null,
    packPerBox: null,
    stock,
    image: null,
    ...overrides,
  } satisfies ProductVariant;
}

/** Blue Razz in both strengths, Mango at 5% sold out and at 0% in stock, Grape at 5% only; no Lime for sale. */
const VARIANTS = [
  variant("own", ["Blue Razz", "5%"], 10),
  variant("br0", ["Blue Razz", "0%"], 4),
  variant("mg5", ["Mango", "5%"], 0),
  variant("mg0", ["Mango", "0%"], 7),
  variant("gr5", ["Grape", "5%"], 2),
];

describe("shownVariant", () => {
  it("is the variant the address names", () => {
    expect(shownVariant(VARIANTS, "mg0")?.id).toBe("mg0");
    expect(shownVariant(VARIANTS, "mg5")?.id).toBe("mg5");
  });
  it("is the first in stock for an unknown or missing id, else the first, else none", () => {
    expect(shownVariant(VARIANTS, "gone")?.id).toBe("own");
    expect(shownVariant(VARIANTS, null)?.id).toBe("own");
    const soldOutFirst = [VARIANTS[2], VARIANTS[3]].filter((each) => each !== undefined);
    expect(shownVariant(soldOutFirst, null)?.id).toBe("mg0");
    expect(shownVariant([variant("a", [], 0), variant("b", [], 0)], null)?.id).toBe("a");
    expect(shownVariant([], "own")).toBeNull();
  });
});

describe("variantOfValues", () => {
  const own = VARIANTS[0] ?? null;
  const mango0 = VARIANTS[3] ?? null;
  it("finds the combination chosen", () => {
    expect(variantOfValues(VARIANTS, ["Mango", "0%"], own)?.id).toBe("mg0");
    expect(variantOfValues(VARIANTS, ["Mango", "5%"], null)?.id).toBe("mg5");
  });
  it("else keeps the value the buyer changed and as many others as it can, in stock first", () => {
    // From Mango 0%, Grape chosen: Grape comes at 5% only.
    expect(variantOfValues(VARIANTS, ["Grape", "0%"], mango0)?.id).toBe("gr5");
    // From Blue Razz 5%, both changed to a combination not sold: the first that keeps one, in stock.
    expect(variantOfValues(VARIANTS, ["Grape", "0%"], own)?.id).toBe("br0");
    // Lime is not sold at all: the first 0% variant in stock.
    expect(variantOfValues(VARIANTS, ["Lime", "0%"], mango0)?.id).toBe("br0");
  });
  it("is null when nothing is for sale", () => {
    expect(variantOfValues([], ["Mango", "5%"], null)).toBeNull();
  });
});

describe("optionChoices", () => {
  it("says how each value combines with the shown ones, and where choosing it leads", () => {
    const [flavours, strengths] = optionChoices(OPTIONS, VARIANTS, ["Blue Razz", "5%"]);
    expect(flavours).toEqual([
      { value: "Blue Razz", state: "available", variantId: "own" },
      { value: "Mango", state: "sold_out", variantId: "mg5" },
      { value: "Grape", state: "available", variantId: "gr5" },
      { value: "Lime", state: "not_sold", variantId: null },
    ]);
    expect(strengths).toEqual([
      { value: "5%", state: "available", variantId: "own" },
      { value: "0%", state: "available", variantId: "br0" },
    ]);
  });

  it("leads a value not sold with the shown ones to the closest variant that has it", () => {
    const [flavours, strengths] = optionChoices(OPTIONS, VARIANTS, ["Mango", "0%"]);
    // Grape comes at 5% only: choosing it changes the strength.
    expect(flavours?.[2]).toEqual({ value: "Grape", state: "elsewhere", variantId: "gr5" });
    expect(strengths).toEqual([
      { value: "5%", state: "sold_out", variantId: "mg5" },
      { value: "0%", state: "available", variantId: "mg0" },
    ]);
  });

  it("offers nothing for a product without options, and only unsold values when no variant is for sale", () => {
    expect(optionChoices([], VARIANTS, [])).toEqual([]);
    expect(optionChoices(OPTIONS.slice(1), [], [])).toEqual([
      [
        { value: "5%", state: "not_sold", variantId: null },
        { value: "0%", state: "not_sold", variantId: null },
      ],
    ]);
  });
});

describe("variantSummary", () => {
  it("is the product's card with the variant's SKU, prices, stock, picture and named values", () => {
    const image = { src: "/p.webp", srcSet: "/p-400.webp 400w", width: 800, height: 800, alt: "Twin Vape" };
    const own = { src: "/mango.webp", srcSet: "/mango-400.webp 400w", width: 800, height: 800, alt: "Mango" };
    const product = {
      id: "own",
      name: "Twin Vape",
      sku: "SKU-own",
      image,
      options: OPTIONS,
      variants: VARIANTS,
      stock: 23,
      sellingPricePcsCents: 999,
      sellingPriceBoxCents: null,
    } as unknown as Product;
    const mango = variant("mg0", ["Mango", "0%"], 7, { sellingPricePcsCents: 1299, sellingPriceBoxCents: 6000 });
    expect(variantSummary(product, mango)).toMatchObject({
      id: "own",
      variantId: "mg0",
      name: "Twin Vape",
      sku: "SKU-mg0",
      options: [
        { name: "Flavour", value: "Mango" },
        { name: "Nicotine strength", value: "0%" },
      ],
      sellingPricePcsCents: 1299,
      sellingPriceBoxCents: 6000,
      stock: 7,
      image,
    });
    expect(variantSummary(product, { ...mango, image: own }).image).toBe(own);
  });
});

describe("choicesText", () => {
  it("counts the first option's values for sale, in its own word", () => {
    expect(choicesText(6, { name: "Flavour", values: 3 })).toBe("3 flavours");
    expect(choicesText(3, { name: "Size", values: 3 })).toBe("3 sizes");
    expect(choicesText(2, { name: "Nicotine strength", values: 2 })).toBe("2 nicotine strengths");
  });
  it("counts the variants when the first option offers one value or there is none", () => {
    expect(choicesText(2, { name: "Flavour", values: 1 })).toBe("2 options");
    expect(choicesText(4, null)).toBe("4 options");
  });
});
