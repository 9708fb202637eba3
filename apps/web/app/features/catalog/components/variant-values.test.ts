import type { AdminProductVariants, AdminVariant } from "@shop/shared";
import { describe, expect, it } from "vitest";
import {
  applyToAll,
  combinations,
  factHints,
  generatedRows,
  mgPerMlOf,
  missingCombinations,
  mlOf,
  problemOfRow,
  problemsOf,
  rowsWithOptionAdded,
  rowsWithoutOption,
  rowsWithoutValue,
  type VariantDraft,
  type VariantsFormValues,
  variantLabel,
  variantProblem,
  variantsFormValues,
  variantsInputOf,
  variantsResolver,
} from "./variant-values.ts";

const variant = (id: string, options: string[], extra: Partial<AdminVariant> = {}): AdminVariant => ({
  id,
  own: id === "p1",
  options,
  sku: `SKU-${id.toUpperCase()}`,
  priceCents: null,
  distroPriceCents: 550,
  sellingPricePcsCents: 1299,
  sellingPriceBoxCents: null,
  liquidMl: null,
  nicotineMgPerMl: null,
  vapeSystem: null,
  wholesaleCostCents: null,
  pcsPerPack: 10,
  packPerBox: null,
  stock: 7,
  active: true,
  image: null,
  ...extra,
});

/** Twin Vape: Flavour (Blue Razz, Mango) × Nicotine strength (5%, 0%), in three of its four combinations. */
const saved: AdminProductVariants = {
  options: [
    { name: "Flavour", values: ["Blue Razz", "Mango"] },
    { name: "Nicotine strength", values: ["5%", "0%"] },
  ],
  variants: [
    variant("p1", ["Blue Razz", "5%"]),
    variant("v2", ["Mango", "5%"], { stock: 0, sellingPricePcsCents: 1450 }),
    variant("v3", ["Blue Razz", "0%"], { active: false }),
  ],
};

/** The values with one row changed. */
const withRow = (values: VariantsFormValues, index: number, change: Partial<VariantDraft>): VariantsFormValues => ({
  ...values,
  variants: values.variants.map((row, at) => (at === index ? { ...row, ...change } : row)),
});

/** The values with one option value typed anew. */
const withValue = (values: VariantsFormValues, option: number, index: number, text: string): VariantsFormValues => ({
  ...values,
  options: values.options.map((each, at) =>
    at === option
      ? { ...each, values: each.values.map((value, place) => (place === index ? { ...value, text } : value)) }
      : each,
  ),
});

const resolve = (values: VariantsFormValues) =>
  variantsResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the variants grid's values", () => {
  it("show money in dollars and name each row by its values, and send cents and the values' words back", () => {
    const values = variantsFormValues(saved);
    expect(values.variants[1]).toMatchObject({
      variantId: "v2",
      own: false,
      distroPrice: "5.50",
      sellingPricePcs: "14.50",
      price: "",
      pcsPerPack: "10",
      packPerBox: "",
      stock: "0",
    });
    expect(values.variants.map((row) => variantLabel(values.options, row))).toEqual([
      "Blue Razz / 5%",
      "Mango / 5%",
      "Blue Razz / 0%",
    ]);
    const input = variantsInputOf(values);
    expect(input.options).toEqual(saved.options);
    expect(input.variants[1]).toEqual({
      id: "v2",
      options: ["Mango", "5%"],
      sku: "SKU-V2",
      priceCents: null,
      distroPriceCents: 550,
      sellingPricePcsCents: 1450,
      sellingPriceBoxCents: null,
      pcsPerPack: 10,
      packPerBox: null,
      active: true,
      // Empty tax facts: read from the product's fields.
      liquidMl: null,
      nicotineMgPerMl: null,
      vapeSystem: null,
      wholesaleCostCents: null,
    });
    expect(input.variants[2]?.active).toBe(false);
  });

  it("send a row's count only when staff changed it, or for a new row", () => {
    const values = withRow(variantsFormValues(saved), 0, { stock: "12" });
    const [own, mango] = variantsInputOf(values).variants;
    expect(own?.stock).toBe(12);
    expect(mango && "stock" in mango).toBe(false);
    const added = generatedRows(values.options, values.variants) ?? [];
    expect(variantsInputOf({ ...values, variants: [...values.variants, ...added] }).variants[3]).toMatchObject({
      options: ["Mango", "0%"],
      stock: 0,
    });
    expect("id" in (variantsInputOf({ ...values, variants: added }).variants[0] ?? {})).toBe(false);
  });

  it("rename a value in every row that has it", () => {
    const values = withValue(variantsFormValues(saved), 0, 0, "Blue Razz Ice");
    expect(variantsInputOf(values).variants.map((row) => row.options)).toEqual([
      ["Blue Razz Ice", "5%"],
      ["Mango", "5%"],
      ["Blue Razz Ice", "0%"],
    ]);
  });
});

describe("generating variants", () => {
  it("makes every combination not in the grid yet, after the rows there, the own variant first", () => {
    const values = variantsFormValues(saved);
    expect(combinations(values.options)).toHaveLength(4);
    expect(missingCombinations(values.options, values.variants)).toEqual([["0-1", "1-1"]]);
    const added = generatedRows(values.options, values.variants) ?? [];
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      variantId: "",
      own: false,
      values: ["0-1", "1-1"],
      sku: "SKU-P1-MANGO-0",
      sellingPricePcs: "12.99",
      distroPrice: "5.50",
      pcsPerPack: "10",
      stock: "0",
      stockBefore: null,
      active: true,
    });
    expect(missingCombinations(values.options, [...values.variants, ...added])).toEqual([]);
  });

  it("makes all four of two options with two values each from a product without options", () => {
    const single = variantsFormValues({ options: [], variants: [variant("p1", [])] });
    expect(single.variants[0]?.values).toEqual([]);
    // Staff add Flavour and Nicotine strength: the own variant takes each option's first value.
    let rows = rowsWithOptionAdded(single.variants, "f1");
    rows = rowsWithOptionAdded(rows, "s1");
    const options = [
      {
        name: "Flavour",
        values: [
          { key: "f1", text: "Blue Razz" },
          { key: "f2", text: "Mango" },
        ],
      },
      {
        name: "Nicotine strength",
        values: [
          { key: "s1", text: "5%" },
          { key: "s2", text: "5 %" },
        ],
      },
    ];
    const added = generatedRows(options, rows) ?? [];
    const all = [...rows, ...added];
    expect(all.map((row) => variantLabel(options, row))).toEqual([
      "Blue Razz / 5%",
      "Blue Razz / 5 %",
      "Mango / 5%",
      "Mango / 5 %",
    ]);
    expect(all[0]?.own).toBe(true);
    // "5%" and "5 %" give the same SKU part: the second gets a number, so no two rows share one.
    expect(all.map((row) => row.sku)).toEqual(["SKU-P1", "SKU-P1-BLUE-RAZZ-5", "SKU-P1-MANGO-5", "SKU-P1-MANGO-5-2"]);
  });

  it("refuses to go past the most variants a product may have", () => {
    const many = (name: string, count: number) => ({
      name,
      values: Array.from({ length: count }, (_, index) => ({ key: `${name}${index}`, text: `${name} ${index}` })),
    });
    const single = variantsFormValues({ options: [], variants: [variant("p1", [])] }).variants;
    const rows = rowsWithOptionAdded(rowsWithOptionAdded(single, "a0"), "b0");
    expect(generatedRows([many("a", 16), many("b", 16)], rows)).toBeNull();
    expect(generatedRows([many("a", 15), many("b", 16)], rows)).toHaveLength(239);
  });
});

describe("changing the options", () => {
  it("removing an option keeps the first row of each combination left, the own variant always", () => {
    const { variants } = variantsFormValues(saved);
    const rows = rowsWithoutOption(variants, 1);
    expect(rows.map((row) => [row.variantId, row.values])).toEqual([
      ["p1", ["0-0"]],
      ["v2", ["0-1"]],
    ]);
    expect(rowsWithoutOption(variants, 0).map((row) => row.variantId)).toEqual(["p1", "v3"]);
  });

  it("removing a value removes its rows, never the own variant", () => {
    const { variants } = variantsFormValues(saved);
    expect(rowsWithoutValue(variants, 1, "1-1").map((row) => row.variantId)).toEqual(["p1", "v2"]);
    expect(rowsWithoutValue(variants, 0, "0-0").map((row) => row.variantId)).toEqual(["p1", "v2"]);
  });
});

describe("apply to all", () => {
  it("gives every row the first row's value in that column, and changes no other", () => {
    const { variants } = withRow(variantsFormValues(saved), 0, { sellingPricePcs: "9.99", active: false });
    const applied = applyToAll(variants, "sellingPricePcs");
    expect(applied.map((row) => row.sellingPricePcs)).toEqual(["9.99", "9.99", "9.99"]);
    expect(applied.map((row) => row.active)).toEqual([false, true, false]);
    expect(applyToAll(variants, "active").map((row) => row.active)).toEqual([false, false, false]);
    expect(applied.map((row) => row.sku)).toEqual(variants.map((row) => row.sku));
  });
});

describe("problems in the grid", () => {
  it("puts each of the API's paths at its cell, value or list, in the form's words", () => {
    expect(variantProblem("variants.2.sellingPricePcsCents", "must not be below $0.00")).toEqual([
      "variants.2.sellingPricePcs",
      "Selling price per piece must not be below $0.00.",
    ]);
    expect(variantProblem("variants.1.sku", "is already the SKU of another product")).toEqual([
      "variants.1.sku",
      "SKU is already the SKU of another product.",
    ]);
    expect(variantProblem("options.0.values.1", "“a” is already a value of Flavour")).toEqual([
      "options.0.values.1.text",
      "Value “a” is already a value of Flavour.",
    ]);
    expect(variantProblem("options.2.name", "“flavour” is already an option")[0]).toBe("options.2.name");
    expect(variantProblem("variants.1.options", "is the same combination as variant 1")).toEqual([
      "variants.1.values",
      "This variant is the same combination as variant 1.",
    ]);
    expect(variantProblem("variants.3.id", "is not a variant of this product")[0]).toBe("variants.3.values");
    expect(
      variantProblem("variants", "must keep the product's own variant (the first one it was created with)"),
    ).toEqual([
      "variants.root",
      "The variants must keep the product's own variant (the first one it was created with).",
    ]);
  });

  it("names the row in the toast", () => {
    const values = variantsFormValues(saved);
    expect(problemOfRow("variants.1.sku", "SKU is already the SKU of another product.", values)).toBe(
      "Mango / 5%: SKU is already the SKU of another product.",
    );
    expect(problemOfRow("options.0.name", "Option name must not be empty.", values)).toBe(
      "Option name must not be empty.",
    );
  });

  it("checks dollars and counts as typed, then the API's own schema, before anything is sent", async () => {
    const values = withRow(withRow(variantsFormValues(saved), 1, { price: "12.345", stock: "" }), 2, {
      pcsPerPack: "ten",
    });
    const typed = await resolve(values);
    expect(problemsOf(typed.errors)).toEqual([
      ["variants.1.price", "Please enter an amount in dollars, such as 5 or 4.99."],
      ["variants.1.stock", "Please enter the pieces in stock as a whole number, such as 12."],
      ["variants.2.pcsPerPack", "Pieces per pack must be a whole number, such as 10."],
    ]);

    const clash = withValue(
      withRow(withRow(variantsFormValues(saved), 2, { sku: "sku-v2" }), 1, { sellingPricePcs: "0" }),
      1,
      1,
      " ",
    );
    expect(problemsOf((await resolve(clash)).errors)).toEqual([
      ["options.1.values.1.text", "Value must not be empty."],
      ["variants.1.sellingPricePcs", "Selling price per piece must be more than $0.00 to sell this variant."],
      ["variants.2.sku", "SKU is also the SKU of variant 2."],
    ]);

    const good = await resolve(variantsFormValues(saved));
    expect(good.errors).toEqual({});
    expect(good.values).toEqual(variantsInputOf(variantsFormValues(saved)));
  });
});

describe("a variant's tax facts", () => {
  const facts = {
    ...saved,
    variants: [
      variant("p1", ["Blue Razz", "5%"], {
        liquidMl: 2_500,
        nicotineMgPerMl: 50_000,
        vapeSystem: "open",
        wholesaleCostCents: 425,
      }),
      variant("v2", ["Mango", "5%"], { liquidMl: 10_000, nicotineMgPerMl: 0 }),
      variant("v3", ["Blue Razz", "0%"]),
    ],
  } satisfies AdminProductVariants;

  it("show thousandths as millilitres and mg/ml, cost in dollars, and none as empty; and go back as they came", () => {
    const values = variantsFormValues(facts);
    expect(
      values.variants.map(({ liquidMl, nicotineMgPerMl, vapeSystem, wholesaleCost }) => [
        liquidMl,
        nicotineMgPerMl,
        vapeSystem,
        wholesaleCost,
      ]),
    ).toEqual([
      ["2.5", "50", "open", "4.25"],
      ["10", "0", "", ""],
      ["", "", "", ""],
    ]);
    expect(
      variantsInputOf(values).variants.map(({ liquidMl, nicotineMgPerMl, vapeSystem, wholesaleCostCents }) => ({
        liquidMl,
        nicotineMgPerMl,
        vapeSystem,
        wholesaleCostCents,
      })),
    ).toEqual(
      facts.variants.map(({ liquidMl, nicotineMgPerMl, vapeSystem, wholesaleCostCents }) => ({
        liquidMl,
        nicotineMgPerMl,
        vapeSystem,
        wholesaleCostCents,
      })),
    );
  });

  it("read millilitres and mg/ml as staff type them, a percentage of nicotine as 10 mg/ml each", () => {
    expect(["10", "2.5", " 0.75 ml", "18mL", ".5", "0"].map(mlOf)).toEqual([10_000, 2_500, 750, 18_000, 500, 0]);
    expect(["", "ten", "-1", "1.2345", "2,5", "10 l"].map(mlOf)).toEqual([null, null, null, null, null, null]);
    expect(["50", "50 mg/ml", "3 mg", "0.5", "5%", "2.5 %", "0%"].map(mgPerMlOf)).toEqual([
      50_000, 50_000, 3_000, 500, 50_000, 25_000, 0,
    ]);
    expect(["", "strong", "5 %%", "-3"].map(mgPerMlOf)).toEqual([null, null, null, null]);
  });

  it("send what staff typed in the API's units, and an emptied cell as null", () => {
    const values = withRow(variantsFormValues(facts), 2, {
      liquidMl: "0.7",
      nicotineMgPerMl: "2%",
      vapeSystem: "prefilled",
      wholesaleCost: "3",
    });
    const emptied = withRow(values, 0, { liquidMl: " ", nicotineMgPerMl: "", vapeSystem: "", wholesaleCost: "" });
    const [own, , third] = variantsInputOf(emptied).variants;
    expect(third).toMatchObject({
      liquidMl: 700,
      nicotineMgPerMl: 20_000,
      vapeSystem: "prefilled",
      wholesaleCostCents: 300,
    });
    expect(own).toMatchObject({ liquidMl: null, nicotineMgPerMl: null, vapeSystem: null, wholesaleCostCents: null });
  });

  it("are refused at their cell when typed in a way no number reads, or past what the API takes", async () => {
    const values = withRow(withRow(variantsFormValues(facts), 1, { liquidMl: "ten", wholesaleCost: "4.999" }), 2, {
      nicotineMgPerMl: "strong",
    });
    expect(problemsOf((await resolve(values)).errors)).toEqual([
      ["variants.1.liquidMl", "Please enter the millilitres of liquid in a piece, such as 10 or 2.5."],
      ["variants.1.wholesaleCost", "Please enter an amount in dollars, such as 5 or 4.99."],
      ["variants.2.nicotineMgPerMl", "Please enter the nicotine in mg/ml, such as 50, or as a percentage, such as 5%."],
    ]);
    const tooMuch = withRow(variantsFormValues(facts), 0, { liquidMl: "10001", nicotineMgPerMl: "1000.5" });
    expect(problemsOf((await resolve(tooMuch)).errors)).toEqual([
      ["variants.0.liquidMl", "Liquid must be at most 10,000 ml."],
      ["variants.0.nicotineMgPerMl", "Nicotine must be at most 1,000 mg/ml."],
    ]);
    expect(variantProblem("variants.1.wholesaleCostCents", "is too high")).toEqual([
      "variants.1.wholesaleCost",
      "Wholesale cost is too high.",
    ]);
    expect(variantProblem("variants.0.vapeSystem", "must be prefilled or open")).toEqual([
      "variants.0.vapeSystem",
      "System must be prefilled or open.",
    ]);
  });

  it("start empty on generated rows (another size or strength reads its own), and apply to all like any column", () => {
    const values = variantsFormValues(facts);
    const [added] = generatedRows(values.options, values.variants) ?? [];
    expect(added).toMatchObject({ liquidMl: "", nicotineMgPerMl: "", vapeSystem: "", wholesaleCost: "" });
    expect(applyToAll(values.variants, "liquidMl").map((row) => row.liquidMl)).toEqual(["2.5", "2.5", "2.5"]);
  });
});

describe("what an empty tax fact reads", () => {
  const vape = { liquid: "18 mL", nicotineStrength: "5%", productType: "Disposable" };
  const values = variantsFormValues(saved);
  const [own, mango, zero] = values.variants as [VariantDraft, VariantDraft, VariantDraft];

  it("says what the product's fields give and where from, the row's option values first", () => {
    const hints = factHints(vape, values.options, zero);
    expect(hints.liquidMl).toMatchObject({ placeholder: "18", hint: "18 ml from the Liquid field" });
    // The row's Nicotine strength option (0%) comes before the product's field (5%).
    expect(hints.nicotineMgPerMl).toMatchObject({
      placeholder: "0",
      hint: "0 mg/ml from the Nicotine strength option",
    });
    expect(hints.vapeSystem.hint).toBe("Prefilled from the product type “Disposable”");
    expect(hints.wholesaleCost).toMatchObject({ placeholder: "5.50", hint: "$5.50 from the Distro price" });

    const noOptions = factHints({ ...vape, productType: "E-liquid" }, [], { ...own, values: [] });
    expect(noOptions.nicotineMgPerMl.hint).toBe("50 mg/ml from the Nicotine strength field (“5%”)");
    expect(noOptions.vapeSystem.hint).toBe("Open system from the product type “E-liquid”");
    const sized = factHints(vape, [{ name: "Size", values: [{ key: "s", text: "10 ml" }] }], { ...own, values: ["s"] });
    expect(sized.liquidMl.hint).toBe("10 ml from the Size option");
  });

  it("says what a filled cell stands in for, and the row's own Distro price as typed", () => {
    const filled = factHints(vape, values.options, { ...mango, liquidMl: "10", vapeSystem: "open", distroPrice: "6" });
    expect(filled.liquidMl.hint).toBe("Instead of 18 ml from the Liquid field");
    expect(filled.vapeSystem.hint).toBe("Instead of prefilled from the product type “Disposable”");
    expect(filled.wholesaleCost).toMatchObject({ placeholder: "6.00", hint: "$6.00 from the Distro price" });
  });

  it("says why a fact is missing where the fields give none", () => {
    const hemp = factHints({ liquid: "", nicotineStrength: "strong", productType: "Flower" }, [], {
      ...own,
      values: [],
      distroPrice: "",
    });
    expect(hemp.liquidMl).toEqual({ placeholder: "", hint: "None: the Liquid field is empty" });
    expect(hemp.nicotineMgPerMl.hint).toBe("None: the Nicotine strength field (“strong”) names no mg or %");
    expect(hemp.vapeSystem.hint).toBe("None: the product type “Flower” does not tell");
    expect(hemp.wholesaleCost).toMatchObject({ placeholder: "", hint: "None: no Distro price" });
    expect(factHints({ ...vape, liquid: "big" }, [], { ...own, values: [] }).liquidMl.hint).toBe(
      "None: the Liquid field (“big”) names no millilitres",
    );
  });
});
