import {
  type AdminProductVariants,
  PRODUCT_VARIANTS_MAX,
  type ProductVariantsInput,
  productVariantsInputSchema,
  type VapeSystem,
} from "@shop/shared";
import {
  centsToDollars,
  exciseFacts,
  formatCents,
  formatMl,
  liquidMlFromText,
  nicotineMgFromText,
  optionKind,
  parseDollarsToCents,
} from "@shop/shared/rules";
import { type FieldError, type FieldErrors, get, type Resolver, set } from "react-hook-form";
import { fieldProblemInWords } from "../../../lib/form-errors.ts";
import { productFieldLabels } from "./product-form.tsx";

/** One value of an option; rows name it by its key, so renaming a value renames it in every row. */
export interface OptionValueDraft {
  key: string;
  text: string;
}

export interface OptionDraft {
  name: string;
  values: OptionValueDraft[];
}

/** One row of the grid as typed: money in dollars, counts as text. */
export interface VariantDraft {
  /** The saved variant's id; empty for a row not saved yet. */
  variantId: string;
  /** The product's own variant (docs/decisions/093): first, and never removed. */
  own: boolean;
  /** The key of its value of each option, in the options' order. */
  values: string[];
  sku: string;
  price: string;
  distroPrice: string;
  sellingPricePcs: string;
  sellingPriceBox: string;
  pcsPerPack: string;
  packPerBox: string;
  stock: string;
  /** The count the grid was opened with: the count is sent only when staff change it (decision 034). */
  stockBefore: number | null;
  active: boolean;
  /** The excise facts (docs/decisions/096), each empty for "read from the product's fields". */
  liquidMl: string;
  nicotineMgPerMl: string;
  vapeSystem: VapeSystem | "";
  wholesaleCost: string;
}

export interface VariantsFormValues {
  options: OptionDraft[];
  variants: VariantDraft[];
}

type MoneyColumn = "price" | "distroPrice" | "sellingPricePcs" | "sellingPriceBox" | "wholesaleCost";
type CountColumn = "pcsPerPack" | "packPerBox" | "stock";
/** The excise facts a tax rule may need of a variant. */
export type FactColumn = "liquidMl" | "nicotineMgPerMl" | "vapeSystem" | "wholesaleCost";
export type VariantColumn = "sku" | MoneyColumn | CountColumn | "active" | FactColumn;

const dollarsLabel = (label: string) => `${label} ($)`;

/**
 * Which columns the grid shows at once: the sale (SKU, prices, stock, state), or the facts the
 * excise taxes are worked out on; thirteen side by side would be too many to read.
 */
export type VariantView = "sale" | "facts";

/**
 * The grid's columns in order: the product form's words for the spec's fields, the API's names,
 * and the view that shows each.
 */
export const variantColumns: readonly {
  name: VariantColumn;
  label: string;
  kind: "text" | "money" | "count" | "check" | "ml" | "mg" | "system";
  api: string;
  view: VariantView;
}[] = [
  { name: "sku", label: productFieldLabels.Sku, kind: "text", api: "sku", view: "sale" },
  { name: "price", label: dollarsLabel(productFieldLabels.Price), kind: "money", api: "priceCents", view: "sale" },
  {
    name: "distroPrice",
    label: dollarsLabel(productFieldLabels.DistroPrice),
    kind: "money",
    api: "distroPriceCents",
    view: "sale",
  },
  {
    name: "sellingPricePcs",
    label: dollarsLabel(productFieldLabels.SellingPricePCS),
    kind: "money",
    api: "sellingPricePcsCents",
    view: "sale",
  },
  {
    name: "sellingPriceBox",
    label: dollarsLabel(productFieldLabels.SellingPriceBox),
    kind: "money",
    api: "sellingPriceBoxCents",
    view: "sale",
  },
  { name: "pcsPerPack", label: productFieldLabels.PcsPerPack, kind: "count", api: "pcsPerPack", view: "sale" },
  { name: "packPerBox", label: productFieldLabels.PackPerBox, kind: "count", api: "packPerBox", view: "sale" },
  { name: "stock", label: productFieldLabels.Stock, kind: "count", api: "stock", view: "sale" },
  { name: "active", label: productFieldLabels.Active, kind: "check", api: "active", view: "sale" },
  { name: "liquidMl", label: "Liquid (ml)", kind: "ml", api: "liquidMl", view: "facts" },
  { name: "nicotineMgPerMl", label: "Nicotine (mg/ml)", kind: "mg", api: "nicotineMgPerMl", view: "facts" },
  { name: "vapeSystem", label: "System", kind: "system", api: "vapeSystem", view: "facts" },
  { name: "wholesaleCost", label: "Wholesale cost ($)", kind: "money", api: "wholesaleCostCents", view: "facts" },
];

/** The words a problem of each form field starts with ("SKU is already the SKU of another product."). */
const problemLabels: Record<string, string> = {
  ...Object.fromEntries(variantColumns.map((column) => [column.name, column.label.replace(/ \(.+\)$/, "")])),
  name: "Option name",
  text: "Value",
  values: "This variant",
  root: "The variants",
};

let keys = 0;
/** A key for a value added on this page (saved values get theirs from their place). */
export const newValueKey = (): string => {
  keys += 1;
  return `new-${keys}`;
};

const dollars = (cents: number | null) => (cents === null ? "" : centsToDollars(cents));
const count = (value: number | null) => (value === null ? "" : String(value));
/** Thousandths (of a ml, of a mg/ml) as staff type them: 10,000 → "10", 2,500 → "2.5". */
const thousandthsText = (value: number | null) => (value === null ? "" : String(value / 1000));

/** The form's values from the saved options and variants. */
export function variantsFormValues(saved: AdminProductVariants): VariantsFormValues {
  const options = saved.options.map((option, at) => ({
    name: option.name,
    values: option.values.map((text, index) => ({ key: `${at}-${index}`, text })),
  }));
  return {
    options,
    variants: saved.variants.map((variant) => ({
      variantId: variant.id,
      own: variant.own,
      values: variant.options.map(
        (text, at) => options[at]?.values.find((value) => value.text === text)?.key ?? `${at}-missing`,
      ),
      sku: variant.sku,
      price: dollars(variant.priceCents),
      distroPrice: dollars(variant.distroPriceCents),
      sellingPricePcs: dollars(variant.sellingPricePcsCents),
      sellingPriceBox: dollars(variant.sellingPriceBoxCents),
      pcsPerPack: count(variant.pcsPerPack),
      packPerBox: count(variant.packPerBox),
      stock: String(variant.stock),
      stockBefore: variant.stock,
      active: variant.active,
      liquidMl: thousandthsText(variant.liquidMl),
      nicotineMgPerMl: thousandthsText(variant.nicotineMgPerMl),
      vapeSystem: variant.vapeSystem ?? "",
      wholesaleCost: dollars(variant.wholesaleCostCents),
    })),
  };
}

/** A row's name: its option values ("Mango / 5%"), a value not typed yet as "…". */
export function variantLabel(options: readonly OptionDraft[], row: Pick<VariantDraft, "values">): string {
  return row.values
    .map((key, at) => options[at]?.values.find((value) => value.key === key)?.text.trim() || "…")
    .join(" / ");
}

const WHOLE = /^\d+$/;
const moneyOf = (text: string) => (text.trim() === "" ? null : parseDollarsToCents(text));
const countOf = (text: string) => (WHOLE.test(text.trim()) ? Number(text.trim()) : null);

/** A number with up to three decimals, in thousandths ("2.5" → 2,500); null when it is not one. */
function thousandthsOf(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$|^\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  return Number(match[1] ?? 0) * 1000 + Number((match[2] ?? match[3] ?? "").padEnd(3, "0"));
}

/** Millilitres as staff type them ("10", "2.5", "10 ml") in thousandths; null when empty or not a number. */
export function mlOf(text: string): number | null {
  return thousandthsOf(
    text
      .trim()
      .replace(/\s*ml$/i, "")
      .trim(),
  );
}

/**
 * A nicotine strength as staff type it in thousandths of a mg/ml: "50" or "50 mg/ml"; or a
 * percentage by weight ("5%"), 1 % being 10 mg/ml as on the product's field; null when empty or
 * not a number.
 */
export function mgPerMlOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed.endsWith("%")) {
    const percent = thousandthsOf(trimmed.slice(0, -1).trim());
    return percent === null ? null : percent * 10;
  }
  return thousandthsOf(trimmed.replace(/\s*mg(?:\s*\/\s*ml)?$/i, "").trim());
}

/** The product's fields a variant's excise facts are read from where its own cells are empty. */
export interface ProductFactFields {
  liquid: string | null;
  nicotineStrength: string | null;
  productType: string | null;
}

/** The product's facts fields from its saved fields (the product form's names). */
export const productFactFields = (fields: Readonly<Record<string, string>>): ProductFactFields => ({
  liquid: fields.Liquid ?? null,
  nicotineStrength: fields.NicotineStrength ?? null,
  productType: fields.ProductType ?? null,
});

/** What an empty fact cell stands for: the number in the cell's units, and in words where it comes from. */
export interface FactHint {
  /** The value read, as staff would type it ("18", "50", "5.50"); empty when nothing gives one. */
  placeholder: string;
  /** Below the cell: "18 ml from the Liquid field", or "Instead of …" when the cell holds a value of its own. */
  hint: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const systemWords: Record<VapeSystem, string> = { prefilled: "prefilled", open: "open system" };

/**
 * What each excise fact of a row is where its cell is left empty, by the same reading the taxes
 * use (exciseFacts): the row's option values (a Size of "10 ml"), else the product's Liquid,
 * Nicotine strength and Product type fields, and the row's own Distro price for the wholesale cost.
 */
export function factHints(
  fields: ProductFactFields,
  options: readonly OptionDraft[],
  row: VariantDraft,
): Record<FactColumn, FactHint> {
  const named = row.values.map((key, at) => ({
    name: options[at]?.name.trim() ?? "",
    value: options[at]?.values.find((value) => value.key === key)?.text.trim() ?? "",
  }));
  const facts = exciseFacts({
    classes: [],
    options: named,
    liquidMl: null,
    nicotineMgPerMl: null,
    system: null,
    wholesaleCostCents: null,
    liquidText: fields.liquid,
    nicotineText: fields.nicotineStrength,
    productType: fields.productType,
    distroPriceCents: moneyOf(row.distroPrice),
  });
  /** Where a figure was read: the row's option of that kind when its value reads as one, else the field. */
  const source = (kind: "size" | "nicotine", read: (text: string) => number | null, field: string) => {
    const option = named.find((candidate) => optionKind(candidate.name) === kind);
    return option && read(option.value) !== null ? `the ${option.name} option` : field;
  };
  const hint = (column: FactColumn, value: string | null, from: string, none: string) => {
    if (value === null) return none;
    return capitalised(`${row[column] === "" ? "" : "instead of "}${value} from ${from}`);
  };
  const empty = (text: string | null) => (text ?? "").trim() === "";
  const quoted = (text: string | null) => `“${(text ?? "").trim()}”`;

  const liquidField = `the ${productFieldLabels.Liquid} field`;
  const nicotineField = `the ${productFieldLabels.NicotineStrength} field`;
  const nicotineRead = facts.nicotineMgPerMl === null ? null : `${facts.nicotineMgPerMl / 1000} mg/ml`;
  const nicotineFrom = source("nicotine", nicotineMgFromText, nicotineField);
  const system = facts.system === null ? null : systemWords[facts.system];
  const typeWords = `the ${productFieldLabels.ProductType.toLowerCase()} ${quoted(fields.productType)}`;
  return {
    liquidMl: {
      placeholder: thousandthsText(facts.liquidMl),
      hint: hint(
        "liquidMl",
        facts.liquidMl === null ? null : formatMl(facts.liquidMl),
        source("size", liquidMlFromText, liquidField),
        empty(fields.liquid)
          ? `None: ${liquidField} is empty`
          : `None: ${liquidField} (${quoted(fields.liquid)}) names no millilitres`,
      ),
    },
    nicotineMgPerMl: {
      placeholder: thousandthsText(facts.nicotineMgPerMl),
      hint: hint(
        "nicotineMgPerMl",
        nicotineRead,
        // A percentage is read as 10 mg/ml each: the field's words show how.
        nicotineFrom === nicotineField && /%/.test(fields.nicotineStrength ?? "")
          ? `${nicotineField} (${quoted(fields.nicotineStrength)})`
          : nicotineFrom,
        empty(fields.nicotineStrength)
          ? `None: ${nicotineField} is empty`
          : `None: ${nicotineField} (${quoted(fields.nicotineStrength)}) names no mg or %`,
      ),
    },
    vapeSystem: {
      placeholder: "",
      hint: hint("vapeSystem", system, typeWords, `None: ${typeWords} does not tell`),
    },
    wholesaleCost: {
      placeholder: facts.wholesaleCostCents === null ? "" : centsToDollars(facts.wholesaleCostCents),
      hint: hint(
        "wholesaleCost",
        facts.wholesaleCostCents === null ? null : formatCents(facts.wholesaleCostCents),
        `the ${productFieldLabels.DistroPrice}`,
        `None: no ${productFieldLabels.DistroPrice}`,
      ),
    },
  };
}

/** The cells typed in a way no number reads: said in the form's words before the schema runs. */
function cellProblems(values: VariantsFormValues): [path: string, message: string][] {
  const problems: [string, string][] = [];
  values.variants.forEach((row, index) => {
    for (const column of variantColumns) {
      const typed = column.kind === "text" || column.kind === "check" || column.kind === "system";
      const text = typed ? "" : (row[column.name] as string).trim();
      const path = `variants.${index}.${column.name}`;
      if (column.kind === "ml" && text !== "" && mlOf(text) === null) {
        problems.push([path, "Please enter the millilitres of liquid in a piece, such as 10 or 2.5."]);
      } else if (column.kind === "mg" && text !== "" && mgPerMlOf(text) === null) {
        problems.push([path, "Please enter the nicotine in mg/ml, such as 50, or as a percentage, such as 5%."]);
      } else if (column.kind === "money" && text !== "" && parseDollarsToCents(text) === null) {
        problems.push([path, "Please enter an amount in dollars, such as 5 or 4.99."]);
      } else if (column.name === "stock" && !WHOLE.test(text)) {
        problems.push([path, "Please enter the pieces in stock as a whole number, such as 12."]);
      } else if (column.kind === "count" && text !== "" && !WHOLE.test(text)) {
        problems.push([path, `${column.label} must be a whole number, such as 10.`]);
      }
    }
  });
  return problems;
}

/**
 * The API's input from the form: option values by their text, money in cents, and a row's count
 * only where it is new or staff changed it (a count set from an old screen would undo the orders
 * placed since).
 */
export function variantsInputOf(values: VariantsFormValues): ProductVariantsInput {
  return {
    options: values.options.map((option) => ({ name: option.name, values: option.values.map((value) => value.text) })),
    variants: values.variants.map((row) => {
      const stock = countOf(row.stock);
      const sendStock = stock !== null && (row.stockBefore === null || stock !== row.stockBefore);
      return {
        ...(row.variantId ? { id: row.variantId } : {}),
        options: row.values.map((key, at) => values.options[at]?.values.find((value) => value.key === key)?.text ?? ""),
        sku: row.sku,
        priceCents: moneyOf(row.price),
        distroPriceCents: moneyOf(row.distroPrice),
        sellingPricePcsCents: moneyOf(row.sellingPricePcs),
        sellingPriceBoxCents: moneyOf(row.sellingPriceBox),
        pcsPerPack: countOf(row.pcsPerPack),
        packPerBox: countOf(row.packPerBox),
        ...(sendStock ? { stock } : {}),
        active: row.active,
        // Empty: read from the product's fields (null), as the API reads it.
        liquidMl: mlOf(row.liquidMl),
        nicotineMgPerMl: mgPerMlOf(row.nicotineMgPerMl),
        vapeSystem: row.vapeSystem === "" ? null : row.vapeSystem,
        wholesaleCostCents: moneyOf(row.wholesaleCost),
      };
    }),
  };
}

/**
 * Where a problem the API names by its path (`variants.2.sellingPricePcsCents`, `options.0.values.1`)
 * shows on the form: beside its cell or value, under a row's name for the row as a whole, above the
 * options or the grid for the lists; and in the form's words.
 */
export function variantProblem(apiPath: string, message: string): [path: string, words: string] {
  const [list, index, field, at] = apiPath.split(".");
  let path: string;
  if (list === "options" && index !== undefined) {
    path = field === "values" && at !== undefined ? `options.${index}.values.${at}.text` : `options.${index}.name`;
  } else if (list === "variants" && index !== undefined) {
    const column = variantColumns.find((each) => each.api === field);
    path = `variants.${index}.${column ? column.name : "values"}`;
  } else {
    path = list === "options" ? "options.root" : "variants.root";
  }
  const last = path.split(".").at(-1) ?? "root";
  return [path, fieldProblemInWords(problemLabels[last], message)];
}

/** A problem for a toast: a row's with the row's name ("Mango / 5%: SKU is already …"), else as it is. */
export function problemOfRow(path: string, words: string, values: VariantsFormValues): string {
  const [list, index] = path.split(".");
  const row = list === "variants" ? values.variants[Number(index)] : undefined;
  return row && values.options.length > 0 ? `${variantLabel(values.options, row)}: ${words}` : words;
}

/** The form's resolver: cells no number reads, then the API's own schema, each problem beside its field. */
export const variantsResolver: Resolver<VariantsFormValues, unknown, ProductVariantsInput> = async (values) => {
  const errors: FieldErrors<VariantsFormValues> = {};
  const mark = (path: string, message: string) => {
    if (!get(errors, path)) set(errors, path, { type: "custom", message } satisfies FieldError);
  };
  const cells = cellProblems(values);
  for (const [path, message] of cells) mark(path, message);
  // The schema reads the rest (a cell no number reads goes as empty), so that every problem shows at once.
  const input = variantsInputOf(values);
  const parsed = productVariantsInputSchema.safeParse(input);
  if (parsed.success && cells.length === 0) return { values: input, errors: {} };
  const issues = (parsed.error?.issues ?? []).map((issue) => ({
    path: issue.path.map(String),
    message: issue.message,
  }));
  // A row's values are its options' values: while those are wrong (empty, twice), they are said there only.
  const optionsWrong = issues.some(({ path }) => path[0] === "options");
  for (const { path, message } of issues) {
    if (optionsWrong && path[0] === "variants" && path[2] === "options") continue;
    mark(...variantProblem(path.join("."), message));
  }
  return { values: {}, errors };
};

/** Every combination of the options' values (value keys), the first option's changing slowest. */
export function combinations(options: readonly OptionDraft[]): string[][] {
  return options.reduce<string[][]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, value.key])),
    [[]],
  );
}

const combinationOf = (keys: readonly string[]) => keys.join("\u0000");

/** The combinations no row has yet, in order. */
export function missingCombinations(options: readonly OptionDraft[], rows: readonly VariantDraft[]): string[][] {
  const present = new Set(rows.map((row) => combinationOf(row.values)));
  return combinations(options).filter((keys) => !present.has(combinationOf(keys)));
}

/** An option value as part of a SKU: capitals and digits, other runs as one hyphen ("5%" → "5", "Blue Razz" → "BLUE-RAZZ"). */
const skuPart = (text: string) =>
  text
    .toLocaleUpperCase("en-US")
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "X";

const SKU_MAX = 64;

/**
 * Rows for the combinations not in the grid yet, after the rows there: each with the first row's
 * prices, pack sizes and state, no stock, and a SKU made of the first row's and its values
 * (unique in the grid). Null when the product would have more variants than it may.
 */
export function generatedRows(options: readonly OptionDraft[], rows: readonly VariantDraft[]): VariantDraft[] | null {
  const missing = missingCombinations(options, rows);
  if (rows.length + missing.length > PRODUCT_VARIANTS_MAX) return null;
  const first = rows[0];
  const base = first?.sku.trim().toLocaleUpperCase("en-US") || "SKU";
  const taken = new Set(rows.map((row) => row.sku.trim().toLocaleUpperCase("en-US")));
  return missing.map((keys) => {
    const parts = keys.map((key, at) => skuPart(options[at]?.values.find((value) => value.key === key)?.text ?? ""));
    const tail = `-${parts.join("-")}`;
    const stem = `${base.slice(0, Math.max(1, SKU_MAX - tail.length - 3))}${tail}`;
    let sku = stem;
    for (let n = 2; taken.has(sku); n++) sku = `${stem}-${n}`;
    taken.add(sku);
    return {
      variantId: "",
      own: false,
      values: keys,
      sku,
      price: first?.price ?? "",
      distroPrice: first?.distroPrice ?? "",
      sellingPricePcs: first?.sellingPricePcs ?? "",
      sellingPriceBox: first?.sellingPriceBox ?? "",
      pcsPerPack: first?.pcsPerPack ?? "",
      packPerBox: first?.packPerBox ?? "",
      stock: "0",
      stockBefore: null,
      active: first?.active ?? true,
      // A new combination may be another size or strength: its facts come from its values and the product's fields.
      liquidMl: "",
      nicotineMgPerMl: "",
      vapeSystem: "",
      wholesaleCost: "",
    };
  });
}

/** A new option's first value for every row: each row stays the combination it was, now with that value. */
export const rowsWithOptionAdded = (rows: readonly VariantDraft[], valueKey: string): VariantDraft[] =>
  rows.map((row) => ({ ...row, values: [...row.values, valueKey] }));

/**
 * The rows without an option: rows that become the same combination keep the first of them (the
 * product's own variant is first, so it stays).
 */
export function rowsWithoutOption(rows: readonly VariantDraft[], at: number): VariantDraft[] {
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    const values = row.values.filter((_, index) => index !== at);
    const combination = combinationOf(values);
    if (seen.has(combination)) return [];
    seen.add(combination);
    return [{ ...row, values }];
  });
}

/** The rows without a value of an option: the rows with it go (the product's own variant never does). */
export const rowsWithoutValue = (rows: readonly VariantDraft[], at: number, valueKey: string): VariantDraft[] =>
  rows.filter((row) => row.own || row.values[at] !== valueKey);

/** Every row with the first row's value in one column ("apply to all"). */
export function applyToAll(rows: readonly VariantDraft[], column: Exclude<VariantColumn, "sku">): VariantDraft[] {
  const first = rows[0];
  if (!first) return [...rows];
  return rows.map((row) => ({ ...row, [column]: first[column] }));
}

/** The problems a form's errors hold, in the order they were found, each with its path. */
export function problemsOf(errors: object, prefix = ""): [path: string, message: string][] {
  const found: [string, string][] = [];
  for (const [name, error] of Object.entries(errors)) {
    if (error === null || typeof error !== "object") continue;
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof (error as FieldError).message === "string" && "type" in error) {
      found.push([path, (error as FieldError).message as string]);
    } else if (name !== "ref") {
      found.push(...problemsOf(error, path));
    }
  }
  return found;
}
