import type { Product, ProductVariant } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { detailGroups } from "./product-details.tsx";

const flower = {
  brand: "Copperleaf Farms",
  productType: "Flower",
  category: { id: "c1", name: "Hemp Product", slug: "hemp-product" },
  sku: "HMP-CPL-MFC-3",
  size: "3.5 g",
  weight: "3.5 g",
  flavour: "Mint & vanilla",
  flavourGroup: "Dessert",
  strainName: "Mint Frost Cake",
  strainType: "Indica",
  nicotineStrength: null,
  nicotineStrengthDetail: null,
  liquid: null,
  coil: null,
  puffs9000PerDevice: false,
  battery: null,
  typeCRechargeablePort: false,
  options: [],
} as unknown as Product;

const variant = (sku: string, options: string[]) => ({ id: sku, sku, options }) as unknown as ProductVariant;
const rows = (product: Product, shown: ProductVariant) =>
  Object.fromEntries(detailGroups(product, shown).map((group) => [group.title, group.rows]));

describe("the product page's details", () => {
  it("are the product's fields for a product without options", () => {
    expect(rows(flower, variant("HMP-CPL-MFC-3", []))).toMatchObject({
      Product: [
        ["Brand", "Copperleaf Farms"],
        ["Type", "Flower"],
        ["Category", "Hemp Product"],
        ["SKU", "HMP-CPL-MFC-3"],
        ["Size", "3.5 g"],
        ["Weight", "3.5 g"],
      ],
    });
  });

  it("give the shown variant's SKU and values in place of the fields its options stand for", () => {
    const sized = { ...flower, options: [{ name: "Size", values: ["3.5 g", "7 g"] }] } as Product;
    const details = rows(sized, variant("HMP-CPL-MFC-7", ["7 g"]));
    expect(details.Product).toEqual([
      ["Brand", "Copperleaf Farms"],
      ["Type", "Flower"],
      ["Category", "Hemp Product"],
      ["SKU", "HMP-CPL-MFC-7"],
      ["Size", "7 g"],
    ]);
    // A Flavour option would stand for the flavour; a Size option leaves it.
    expect(details["Flavour and strain"]?.[0]).toEqual(["Flavour", "Mint & vanilla"]);
    const flavoured = { ...flower, options: [{ name: "Flavor", values: ["Mint", "Lime"] }] } as Product;
    expect(rows(flavoured, variant("X", ["Lime"]))["Flavour and strain"]).toEqual([
      ["Flavour family", "Dessert"],
      ["Strain", "Mint Frost Cake"],
      ["Strain type", "Indica"],
    ]);
  });
});
