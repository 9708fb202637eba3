import { describe, expect, it } from "vitest";
import {
  containsNicotine,
  isFlavoured,
  sortRegulatoryClasses,
  suggestRegulatoryClasses as suggest,
  variantAttributes,
  variantClasses,
} from "./regulatory-classes.ts";

describe("containsNicotine", () => {
  it("reads a blank, zero or nicotine-free strength as none", () => {
    for (const text of [
      null,
      undefined,
      "",
      "  ",
      "0%",
      "0",
      "0 mg/mL",
      "0.0%",
      "0 mg/mL (nicotine-free)",
      "Nicotine-free",
      "Zero",
    ]) {
      expect(containsNicotine(text), String(text)).toBe(false);
    }
  });

  it("reads any other number or word as nicotine", () => {
    for (const text of ["5%", "3%", "50 mg/mL", "0.5%", "20mg", "High"]) {
      expect(containsNicotine(text), text).toBe(true);
    }
  });
});

describe("isFlavoured", () => {
  it("is a flavour other than tobacco, menthol included", () => {
    expect(isFlavoured("Watermelon Ice", "Ice / Menthol")).toBe(true);
    expect(isFlavoured("Menthol")).toBe(true);
    expect(isFlavoured(null, "Fruit")).toBe(true);
  });

  it("is not tobacco, nothing, or unflavoured", () => {
    expect(isFlavoured("Classic Tobacco", "Tobacco")).toBe(false);
    expect(isFlavoured("Virginia", "Tobacco")).toBe(false);
    expect(isFlavoured(null, null)).toBe(false);
    expect(isFlavoured("  ")).toBe(false);
    expect(isFlavoured("Unflavored")).toBe(false);
  });
});

describe("suggestRegulatoryClasses", () => {
  const vape = { categorySlug: "disposable", productType: "Disposable" };

  it("makes a flavoured nicotine disposable ENDS, NICOTINE and FLAVORED", () => {
    expect(
      suggest({ ...vape, flavour: "Watermelon Ice", flavourGroup: "Ice / Menthol", nicotineStrength: "5%" }),
    ).toEqual(["ENDS", "NICOTINE", "FLAVORED"]);
  });

  it("leaves FLAVORED off a tobacco vape and NICOTINE off a 0% one", () => {
    expect(suggest({ ...vape, flavour: "Classic Tobacco", flavourGroup: "Tobacco", nicotineStrength: "3%" })).toEqual([
      "ENDS",
      "NICOTINE",
    ]);
    expect(suggest({ ...vape, flavour: "Pink Lemonade", nicotineStrength: "0%" })).toEqual(["ENDS", "FLAVORED"]);
    expect(suggest({ ...vape })).toEqual(["ENDS"]);
  });

  it("knows a vape by its type in any category, and parts sold alone as accessories", () => {
    expect(suggest({ categorySlug: null, productType: "Cartridge", nicotineStrength: "" })).toEqual(["ENDS"]);
    expect(
      suggest({ categorySlug: "accessories", productType: "E-liquid", flavour: "Mango", nicotineStrength: "6 mg" }),
    ).toEqual(["ENDS", "NICOTINE", "FLAVORED"]);
    expect(suggest({ categorySlug: "accessories", productType: "Replacement Coils" })).toEqual(["ENDS_ACCESSORY"]);
    expect(suggest({ categorySlug: "charger", productType: "510 Battery" })).toEqual(["ENDS_ACCESSORY"]);
    expect(suggest({ categorySlug: "accessories", productType: "Empty Pods", flavour: "Mint" })).toEqual([
      "ENDS_ACCESSORY",
    ]);
  });

  it("makes nicotine pouches NICOTINE (and FLAVORED when flavoured) without ENDS", () => {
    expect(
      suggest({ categorySlug: "pouches", productType: "Pouches", flavour: "Cool Mint", nicotineStrength: "6 mg" }),
    ).toEqual(["NICOTINE", "FLAVORED"]);
  });

  it("makes kratom KRATOM, hydroxy ALK_7OH and pseudo ALK_MP, both with KRATOM", () => {
    expect(suggest({ categorySlug: "kratom", productType: "Powder" })).toEqual(["KRATOM"]);
    expect(suggest({ categorySlug: "hydroxy", productType: "Shot", flavour: "Mango" })).toEqual(["KRATOM", "ALK_7OH"]);
    expect(suggest({ categorySlug: "pseudo", productType: "Tablet" })).toEqual(["KRATOM", "ALK_MP"]);
  });

  it("sorts hemp into flower, intoxicating and non-intoxicating", () => {
    const hemp = { categorySlug: "hemp-product" };
    expect(suggest({ ...hemp, productType: "Flower", name: "THCA Flower – Velvet Cherry Sorbet" })).toEqual([
      "HEMP_THCA_FLOWER",
    ]);
    expect(suggest({ ...hemp, productType: "Pre-Roll", flavour: "Tangerine" })).toEqual(["HEMP_THCA_FLOWER"]);
    expect(suggest({ ...hemp, productType: "Gummies", name: "Delta-8 Gummies 25 mg", flavour: "Watermelon" })).toEqual([
      "HEMP_INTOX",
    ]);
    expect(suggest({ ...hemp, productType: "Tincture", name: "Full Spectrum CBD Oil 1000 mg" })).toEqual([
      "HEMP_NONINTOX",
    ]);
    expect(suggest({ ...hemp, productType: "Gummies", name: "CBD + THC Gummies" })).toEqual(["HEMP_INTOX"]);
  });

  it("makes an infused hemp vape ENDS and HEMP_INTOX, FLAVORED when flavoured", () => {
    expect(
      suggest({
        categorySlug: "hemp-product",
        productType: "Infused Vape",
        name: "Delta-8 Disposable Vape 2 g",
        flavour: "Blue Razz",
      }),
    ).toEqual(["ENDS", "FLAVORED", "HEMP_INTOX"]);
    expect(suggest({ categorySlug: "Hemp-Product", productType: "Cart", name: "HHC cartridge" })).toEqual([
      "ENDS",
      "HEMP_INTOX",
    ]);
  });

  it("makes candy, chargers and the unknown GENERAL, and GENERAL never comes with another class", () => {
    expect(suggest({ categorySlug: "candy", productType: "Candy", flavour: "Watermelon" })).toEqual(["GENERAL"]);
    expect(suggest({ categorySlug: "charger", productType: "Wall Charger" })).toEqual(["GENERAL"]);
    expect(suggest({ categorySlug: "charger", productType: "Power Bank" })).toEqual(["GENERAL"]);
    expect(suggest({ categorySlug: undefined })).toEqual(["GENERAL"]);
  });
});

describe("sortRegulatoryClasses", () => {
  it("orders as REGULATORY_CLASSES, each once, dropping unknown codes", () => {
    expect(sortRegulatoryClasses(["FLAVORED", "ENDS", "NICOTINE", "ENDS", "VAPE"])).toEqual([
      "ENDS",
      "NICOTINE",
      "FLAVORED",
    ]);
  });
});

describe("a variant's classes", () => {
  const vape = ["ENDS", "NICOTINE", "FLAVORED"] as const;
  it("read its nicotine strength and flavour from the options so named, whatever their case", () => {
    expect(
      variantAttributes([
        { name: "Flavor", value: "Tobacco" },
        { name: "Nicotine Strength", value: "0 mg" },
      ]),
    ).toEqual({ flavour: "Tobacco", nicotineStrength: "0 mg" });
    expect(variantAttributes([{ name: "Size", value: "3.5 g" }])).toEqual({});
  });
  it("lose NICOTINE where the variant's strength says none, and FLAVORED where its flavour is tobacco", () => {
    expect(variantClasses(vape, { nicotineStrength: "0%" })).toEqual(["ENDS", "FLAVORED"]);
    expect(variantClasses(vape, { nicotineStrength: "Zero nicotine", flavour: "Classic Tobacco" })).toEqual(["ENDS"]);
    expect(variantClasses(vape, { nicotineStrength: "5%", flavour: "Blue Razz" })).toEqual([...vape]);
  });
  it("keep the product's classes where the variant has no such option, and never add one", () => {
    expect(variantClasses(vape, {})).toEqual([...vape]);
    expect(variantClasses(["ENDS"], { nicotineStrength: "5%", flavour: "Mango" })).toEqual(["ENDS"]);
  });
});
