import { createHash } from "node:crypto";
import {
  megabytes,
  OPTION_VALUES_MAX,
  onSalePriceProblem,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_FORM_MESSAGES,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_IMPORT_MAX_ROWS,
  PRODUCT_VARIANTS_MAX,
  type ProductCsvColumn,
  type ProductFormFields,
  productFormFieldsSchema,
  type RegulatoryClass,
  sortRegulatoryClasses,
  suggestRegulatoryClasses,
} from "@shop/shared";
import { parseCsv } from "@shop/shared/csv";
import { Invalid } from "@shop/shared/errors";
import { formatCount } from "@shop/shared/rules";
import type { Executor } from "../../db/database.ts";
import type { ProductsTable, ProductVariantsTable } from "../../db/types.ts";
import type { ProductAdminRepository } from "./product-admin-repository.ts";
import {
  BOOLEAN_COLUMNS,
  COLUMN_INDEX,
  categoryFinder,
  isVariantColumn,
  OPTION_NAME_COLUMNS,
  OPTION_VALUE_COLUMNS,
  type ProductOption,
  productCells,
  readFlag,
  sameText,
  type VariantState,
  variantRowCells,
} from "./product-csv-cells.ts";
import { columnsFrom, fieldsOf, saleFieldsOf } from "./product-fields.ts";
import type { VariantColumns } from "./variants-repository.ts";

/** A product as read for the import: its row with its classes (space-separated). */
export type Stored = ProductsTable & { regulatory_classes: string | null };
export type Problem = { column: string; message: string };
export type Change = { column: ProductCsvColumn; before: string; after: string };

/** What a row of the file does, as the preview shows it. */
export interface PlannedRow {
  line: number;
  /** The line its product's rows start on: the product's row, or (without one) its first. */
  productLine: number;
  /** The product's row (its fields and its own variant), or another variant's. */
  kind: "product" | "variant";
  action: "create" | "update" | "unchanged" | "error";
  sku: string;
  name: string;
  options: string[];
  changes: Change[];
  problems: Problem[];
}

/** A variant the file names: a new one, or a stored one with what it becomes. */
export interface PlannedVariant {
  stored: ProductVariantsTable | undefined;
  columns: VariantColumns;
  stock: number;
}

/** A product of the file (its rows grouped by handle) with what the apply writes. */
export interface PlannedProduct {
  rows: PlannedRow[];
  action: PlannedRow["action"];
  stored: Stored | undefined;
  /** The product's columns as the form sets them (its sale columns and stock are its own variant's); none when its row is not in the file. */
  columns: ReturnType<typeof columnsFrom> | undefined;
  classes: RegulatoryClass[] | undefined;
  optionsBefore: ProductOption[];
  options: ProductOption[];
  /** The variants the file names, the product's own first when its row is; the product's others stay as they are. */
  variants: PlannedVariant[];
  /** Every variant the product had, in their order (for the audit log). */
  storedVariants: ProductVariantsTable[];
}

export interface Plan {
  products: PlannedProduct[];
  /** A fingerprint of everything the apply would write and the preview shows. */
  id: string;
}

/** The form's messages that name their field, said after the column's name instead ("ProductName is required"). */
const COLUMN_WORDS = new Map<string, string>([
  [PRODUCT_FORM_MESSAGES.name, "is required"],
  [PRODUCT_FORM_MESSAGES.type, "is required"],
  [PRODUCT_FORM_MESSAGES.description, "is required"],
]);

/** A variant row's fields, checked as the product form checks them. */
const variantFieldsSchema = productFormFieldsSchema.pick({
  Sku: true,
  Price: true,
  DistroPrice: true,
  SellingPricePCS: true,
  SellingPriceBox: true,
  PcsPerPack: true,
  PackPerBox: true,
  Stock: true,
});

const OPTION_NAME_MAX = 40;
const OPTION_VALUE_MAX = 60;
const OPTION_KEYS = ["option1", "option2", "option3"] as const;

export const classesOf = (row: Stored): RegulatoryClass[] =>
  sortRegulatoryClasses((row.regulatory_classes ?? "").split(" ").filter(Boolean) as RegulatoryClass[]);

const order = (column: string) => (PRODUCT_CSV_COLUMNS as readonly string[]).indexOf(column);
const ordered = (problems: Problem[]) => problems.sort((a, b) => order(a.column) - order(b.column));

/** Adds a problem, unless its column has one already (the first is the one to fix). */
function add(problems: Problem[], column: string, message: string) {
  if (!problems.some((problem) => problem.column === column)) problems.push({ column, message });
}

/** The file's header and rows, refused whole (in words) when it cannot be read as the product CSV. */
function readFile(csv: string) {
  if (Buffer.byteLength(csv) > PRODUCT_IMPORT_MAX_BYTES) {
    throw new Invalid(`The CSV file is too large: at most ${megabytes(PRODUCT_IMPORT_MAX_BYTES)} MB.`, {
      fields: { csv: "is too large" },
    });
  }
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(csv);
  } catch (error) {
    throw new Invalid(`The CSV file cannot be read: ${(error as Error).message}`, {
      fields: { csv: "cannot be read" },
    });
  }
  const [header, ...body] = parsed;
  if (!header) throw new Invalid("The CSV file is empty.", { fields: { csv: "is empty" } });
  const known = new Map(PRODUCT_CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const names = header.cells.map((name) => known.get(name.trim().toLowerCase()));
  const unknown = header.cells.filter((name, index) => name.trim() !== "" && !names[index]);
  if (unknown.length > 0) {
    throw new Invalid(
      `The CSV file has columns products do not have: ${unknown.map((name) => name.slice(0, 40)).join(", ")}. Export the products to see the columns.`,
      { fields: { csv: "has unknown columns" } },
    );
  }
  const twice = names.filter((name, index) => name && names.indexOf(name) !== index);
  if (twice.length > 0) {
    throw new Invalid(`The CSV file names a column twice: ${[...new Set(twice)].join(", ")}.`, {
      fields: { csv: "names a column twice" },
    });
  }
  if (!names.includes("Sku")) {
    throw new Invalid("The CSV file needs a Sku column: the import finds products by their SKU.", {
      fields: { csv: "has no Sku column" },
    });
  }
  if (body.length === 0) {
    throw new Invalid("The CSV file has no products under its header.", { fields: { csv: "has no rows" } });
  }
  if (body.length > PRODUCT_IMPORT_MAX_ROWS) {
    throw new Invalid(
      `The CSV file has ${formatCount(body.length)} rows: please import at most ${formatCount(PRODUCT_IMPORT_MAX_ROWS)} at a time.`,
      { fields: { csv: "has too many rows" } },
    );
  }
  const width = header.cells.length;
  return body.map(({ line, cells }) => {
    const given = new Map<ProductCsvColumn, string>();
    names.forEach((name, index) => {
      if (name) given.set(name, cells[index] ?? "");
    });
    const problems: Problem[] = [];
    if (cells.length > width) {
      problems.push({ column: "(row)", message: `has ${cells.length} cells but the header names ${width} columns` });
    }
    return { line, given, sku: (given.get("Sku") ?? "").trim(), problems };
  });
}
type FileRow = ReturnType<typeof readFile>[number];

/**
 * Reads the file and decides each row against the products as they are in `executor`
 * (docs/decisions/059, 095). Rows with the same Handle are one product, in the order first seen;
 * a row without a handle goes with the other rows of its SKU's product, or is a product of its
 * own. The first row's SKU finds the product (whose variant it is), else the rows make a new one.
 * The product's fields are read from its first row when that is its own variant's (a new
 * product's first row); the other rows are its variants, found by SKU or new. Without its own
 * variant's row, the rows change those variants only.
 */
export async function planImport(csv: string, repo: ProductAdminRepository, executor: Executor): Promise<Plan> {
  const rows = readFile(csv);

  // A SKU names one variant: a second row with it is refused.
  const seen = new Map<string, number>();
  for (const row of rows) {
    const earlier = seen.get(row.sku);
    if (row.sku === "") {
      row.problems.push({ column: "Sku", message: "is required: the import finds products by their SKU" });
    } else if (earlier !== undefined) row.problems.push({ column: "Sku", message: `is also on line ${earlier}` });
    else seen.set(row.sku, row.line);
  }

  // One after the other: SQLite's one connection takes a transaction's queries in turn.
  const variants = await repo.variantsOfSkus([...seen.keys()], executor);
  const productIds = [...new Set(variants.map((variant) => variant.product_id))];
  const products = await repo.productsByIds(productIds, executor);
  const options = await repo.optionsOf(productIds, executor);
  const category = categoryFinder(await repo.categoryChoices(executor));

  const bySku = new Map(variants.map((variant) => [variant.sku, variant]));
  const productsById = new Map(products.map((product) => [product.id, product]));
  const variantsOf = new Map<string, ProductVariantsTable[]>();
  for (const variant of variants) {
    const list = variantsOf.get(variant.product_id);
    if (list) list.push(variant);
    else variantsOf.set(variant.product_id, [variant]);
  }
  const optionsOf = new Map<string, ProductOption[]>();
  for (const option of options) {
    const list = optionsOf.get(option.product_id) ?? [];
    list.push({ name: option.name, values: JSON.parse(option.option_values) as string[] });
    optionsOf.set(option.product_id, list);
  }

  // A product's rows in the file's order, but for its own variant's, which comes first (as the
  // export writes it) when the rows before it are of its product's other variants.
  const groups = new Map<string, FileRow[]>();
  for (const row of rows) {
    const handle = (row.given.get("Handle") ?? "").trim();
    const variant = bySku.get(row.sku);
    const key = handle !== "" ? `handle ${handle}` : variant ? `product ${variant.product_id}` : `line ${row.line}`;
    const group = groups.get(key);
    const first = group ? bySku.get((group[0] as FileRow).sku) : undefined;
    const ownAfterOthers =
      variant !== undefined &&
      variant.id === variant.product_id &&
      first?.product_id === variant.product_id &&
      first.id !== variant.id;
    if (!group) groups.set(key, [row]);
    else if (ownAfterOthers) group.unshift(row);
    else group.push(row);
  }

  /** Whether a product's cell on a variant's row says what the product's says. */
  function sameProductCell(column: ProductCsvColumn, cell: string, product: string): boolean {
    if (BOOLEAN_COLUMNS.has(column)) {
      const [a, b] = [readFlag(cell), readFlag(product)];
      return typeof a !== "object" && a === b;
    }
    if (column === "Category") {
      const [a, b] = [category.find(cell), category.find(product)];
      return "id" in a && "id" in b && a.id === b.id;
    }
    if (column === "RegulatoryClasses") {
      const codes = (text: string) =>
        text
          .split(",")
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean)
          .sort()
          .join();
      return codes(cell) === codes(product);
    }
    if ((OPTION_NAME_COLUMNS as readonly string[]).includes(column)) return sameText(cell.trim(), product.trim());
    return cell.trim() === product.trim();
  }

  /** A row's VariantActive: its flag, or `current` when empty or left out. */
  function variantActive(row: FileRow, current: 0 | 1, problems: Problem[]): 0 | 1 {
    const flag = readFlag(row.given.get("VariantActive") ?? "");
    if (typeof flag === "object") add(problems, "VariantActive", flag.problem);
    return typeof flag === "boolean" ? (flag ? 1 : 0) : current;
  }

  /** Products a group has named, with the line its rows start on: a second group of one is refused. */
  const named = new Map<string, number>();

  function planProduct(group: FileRow[]): PlannedProduct {
    const first = group[0] as FileRow;
    const problemsOf = new Map(group.map((row) => [row, [...row.problems]]));
    const problemsOfRow = (row: FileRow) => problemsOf.get(row) as Problem[];
    const match = bySku.get(first.sku);
    const stored = match ? productsById.get(match.product_id) : undefined;
    const storedVariants = stored ? (variantsOf.get(stored.id) ?? []) : [];
    const own = storedVariants.find((variant) => variant.id === stored?.id);
    const optionsBefore = stored ? (optionsOf.get(stored.id) ?? []) : [];
    if (stored) {
      const earlier = named.get(stored.id);
      if (earlier === undefined) named.set(stored.id, first.line);
      else {
        add(
          problemsOfRow(first),
          "Handle",
          `names "${stored.name}" again, whose rows start on line ${earlier}: give a product's rows one handle`,
        );
      }
    }
    // The product's row: its own SKU's, first; a new product's first. Without it the rows change variants only.
    const productRow = !stored || first.sku === own?.sku ? first : undefined;
    const place = productRow
      ? `on line ${productRow.line}, the product's row`
      : `on the product's row (its own SKU, ${stored?.sku})`;

    // The product's fields: an existing product's own (its SKU and prices are its own variant's,
    // docs/decisions/093), with the product row's cells over them.
    let fields: ProductFormFields | undefined;
    let ownActive: 0 | 1 = own?.active ?? 1;
    if (productRow) {
      const problems = problemsOfRow(productRow);
      const { Stock: _stock, ...current } = stored ? fieldsOf(stored) : { Stock: "" };
      const input: Record<string, string> = { ...current, Sku: productRow.sku };
      for (const [column, cell] of productRow.given) {
        if (column === "Sku" || column === "Handle" || column === "VariantActive") continue;
        if ((OPTION_NAME_COLUMNS as readonly string[]).includes(column)) continue;
        if ((OPTION_VALUE_COLUMNS as readonly string[]).includes(column)) continue;
        if (column === "Category") {
          if (cell.trim() === "") {
            input.MasterCategoryId = "";
            continue;
          }
          const found = category.find(cell);
          if ("problem" in found) add(problems, column, found.problem);
          else input.MasterCategoryId = found.id;
        } else if (BOOLEAN_COLUMNS.has(column)) {
          const flag = readFlag(cell);
          if (typeof flag === "object") add(problems, column, flag.problem);
          else if (flag === "") delete input[column];
          else input[column] = String(flag);
        } else if ((column === "RegulatoryClasses" || column === "Stock") && cell.trim() === "") {
          // Left empty: a new product gets the suggested classes and no stock, an existing one keeps its own.
          delete input[column];
        } else {
          input[column] = cell;
        }
      }
      const checked = productFormFieldsSchema.safeParse(input);
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          const field = String(issue.path[0] ?? "");
          add(
            problems,
            field === "MasterCategoryId" ? "Category" : field,
            COLUMN_WORDS.get(issue.message) ?? issue.message,
          );
        }
      }
      fields = checked.success ? checked.data : undefined;
      if (fields?.Active) {
        const price = onSalePriceProblem({
          sellingPricePcsCents: fields.SellingPricePCS,
          sellingPriceBoxCents: fields.SellingPriceBox,
          priceCents: fields.Price,
        });
        if (price) add(problems, price.field, price.message);
      }
      ownActive = variantActive(productRow, ownActive, problems);
    }
    const name = fields?.ProductName ?? ((productRow?.given.get("ProductName") ?? "").trim() || (stored?.name ?? ""));

    // The options: their names from the product's row (or as they are), their values as they are
    // with those the rows add, in the order first seen.
    const names = OPTION_NAME_COLUMNS.map((column, k) => {
      const cell = productRow?.given.get(column);
      return cell === undefined ? (optionsBefore[k]?.name ?? null) : cell.trim() || null;
    });
    if (productRow) {
      const problems = problemsOfRow(productRow);
      names.forEach((optionName, k) => {
        const column = OPTION_NAME_COLUMNS[k] as string;
        const before = optionsBefore[k];
        if (optionName === null) {
          if (before) {
            add(
              problems,
              column,
              `is empty, but the product has the option "${before.name}": options are removed in the product's variants grid`,
            );
          }
        } else if (optionName.length > OPTION_NAME_MAX) {
          add(problems, column, `must be at most ${OPTION_NAME_MAX} characters`);
        } else if (k > 0 && names[k - 1] === null) {
          add(problems, column, `is given without ${OPTION_NAME_COLUMNS[k - 1]}: name the options from the first`);
        } else {
          const same = names.slice(0, k).findIndex((other) => other !== null && sameText(other, optionName));
          if (same >= 0) add(problems, column, `"${optionName}" is already ${OPTION_NAME_COLUMNS[same]}`);
        }
      });
    }
    const optionsRight = !problemsOfRow(first).some((problem) =>
      (OPTION_NAME_COLUMNS as readonly string[]).includes(problem.column),
    );
    const gap = names.indexOf(null);
    const count = gap === -1 ? names.length : gap;
    const values = names.map((_, k) => [...(optionsBefore[k]?.values ?? [])]);

    /** A row's value of option k (the stored variant's when the column is left out), as first spelt. */
    function optionValueOf(row: FileRow, k: number, variant: VariantState | undefined) {
      const problems = problemsOfRow(row);
      const column = OPTION_VALUE_COLUMNS[k] as string;
      const optionName = k < count ? names[k] : null;
      const cell = row.given.get(column as ProductCsvColumn);
      const given =
        cell === undefined ? (variant?.[OPTION_KEYS[k] as (typeof OPTION_KEYS)[number]] ?? "") : cell.trim();
      if (given === "") {
        if (optionName) add(problems, column, `is required: each variant of the product has a ${optionName}`);
        return null;
      }
      if (!optionName) {
        add(problems, column, `is given without its option's name: write ${OPTION_NAME_COLUMNS[k]} ${place}`);
        return null;
      }
      if (given.length > OPTION_VALUE_MAX) {
        add(problems, column, `must be at most ${OPTION_VALUE_MAX} characters`);
        return null;
      }
      const list = values[k] as string[];
      const known = list.find((value) => sameText(value, given));
      if (known !== undefined) return known;
      list.push(given);
      if (list.length > OPTION_VALUES_MAX) {
        add(
          problems,
          column,
          `would be value ${list.length} of ${optionName}: an option has at most ${OPTION_VALUES_MAX}`,
        );
      }
      return given;
    }

    // The product's cells, which a variant's row may repeat: its row's, or (without it) as it is.
    const storedCells =
      !productRow && stored && own
        ? productCells(
            "",
            stored,
            own,
            category.byId.get(stored.master_category_id)?.name ?? "",
            classesOf(stored),
            optionsBefore,
          )
        : undefined;
    const reference = (column: ProductCsvColumn) =>
      productRow ? (productRow.given.get(column) ?? "") : (storedCells?.[COLUMN_INDEX.get(column) ?? -1] ?? "");

    const planned: { row: FileRow; values: (string | null)[]; variant?: PlannedVariant }[] = [];
    if (productRow) {
      const ownValues = [0, 1, 2].map((k) => optionValueOf(productRow, k, own));
      const [option1 = null, option2 = null, option3 = null] = ownValues;
      planned.push({
        row: productRow,
        values: ownValues,
        ...(fields && {
          variant: {
            stored: own,
            columns: {
              position: own?.position ?? 0,
              option1,
              option2,
              option3,
              sku: productRow.sku,
              price_cents: fields.Price,
              distro_price_cents: fields.DistroPrice,
              selling_price_pcs_cents: fields.SellingPricePCS,
              selling_price_box_cents: fields.SellingPriceBox,
              pcs_per_pack: fields.PcsPerPack,
              pack_per_box: fields.PackPerBox,
              active: ownActive,
            },
            stock: fields.Stock ?? own?.stock ?? 0,
          },
        }),
      });
    }

    // New variants after the product's others (a new product's own is its first).
    let position = Math.max(0, ...storedVariants.map((variant) => variant.position)) + 1;
    for (const row of group) {
      if (row === productRow) continue;
      const problems = problemsOfRow(row);
      const match = bySku.get(row.sku);
      const variant = match && stored && match.product_id === stored.id ? match : undefined;
      if (match && !variant) {
        const other = productsById.get(match.product_id);
        add(problems, "Sku", `is already the SKU of another product ("${other?.name ?? match.product_id}")`);
      }
      for (const [column, cell] of row.given) {
        if (column === "Handle" || isVariantColumn(column) || cell.trim() === "") continue;
        if (sameProductCell(column, cell, reference(column))) continue;
        add(
          problems,
          column,
          `differs from the product's row${productRow ? ` (line ${productRow.line})` : ""}: a product's fields are read from there (leave this cell empty or the same)${column === "Active" ? "; a variant's own state is VariantActive" : ""}`,
        );
      }
      const input: Record<string, string> = {};
      if (variant) {
        const { Stock: _count, ...sale } = saleFieldsOf(variant);
        Object.assign(input, sale);
      }
      for (const column of Object.keys(variantFieldsSchema.shape) as (keyof typeof variantFieldsSchema.shape)[]) {
        const cell = row.given.get(column);
        if (cell !== undefined && !(column === "Stock" && cell.trim() === "")) input[column] = cell;
      }
      input.Sku = row.sku;
      const checked = variantFieldsSchema.safeParse(input);
      if (!checked.success) {
        for (const issue of checked.error.issues) add(problems, String(issue.path[0] ?? ""), issue.message);
      }
      const active = variantActive(row, variant?.active ?? 1, problems);
      const rowValues = [0, 1, 2].map((k) => optionValueOf(row, k, variant));
      if (count === 0 && (!variant || variant.id !== stored?.id)) {
        add(
          problems,
          "Option1Value",
          `is required: a product with several variants needs an option (Option1Name ${place}) and a value of it on each variant's row`,
        );
      }
      if (!checked.success) {
        planned.push({ row, values: rowValues });
        continue;
      }
      const data = checked.data;
      if (active === 1) {
        const price = onSalePriceProblem({
          sellingPricePcsCents: data.SellingPricePCS,
          sellingPriceBoxCents: data.SellingPriceBox,
          priceCents: data.Price,
        });
        if (price) {
          add(
            problems,
            price.field,
            price.message.replace("An active product", "An active variant").replace("the product", "this variant"),
          );
        }
      }
      const [option1 = null, option2 = null, option3 = null] = rowValues;
      planned.push({
        row,
        values: rowValues,
        variant: {
          stored: variant,
          columns: {
            position: variant?.position ?? position++,
            option1,
            option2,
            option3,
            sku: row.sku,
            price_cents: data.Price,
            distro_price_cents: data.DistroPrice,
            selling_price_pcs_cents: data.SellingPricePCS,
            selling_price_box_cents: data.SellingPriceBox,
            pcs_per_pack: data.PcsPerPack,
            pack_per_box: data.PackPerBox,
            active,
          },
          stock: data.Stock ?? variant?.stock ?? 0,
        },
      });
    }

    // Each variant its own combination of values, among the rows and the variants not in the file
    // (once the options themselves are right).
    if (count > 0 && optionsRight) {
      const key = (list: readonly (string | null)[]) => list.slice(0, count).join("\u0000").toLocaleLowerCase("en-US");
      const inFile = new Set(planned.map(({ row }) => bySku.get(row.sku)?.id));
      const combinations = new Map<string, string>();
      const missing: string[] = [];
      for (const variant of storedVariants) {
        if (inFile.has(variant.id)) continue;
        const list = OPTION_KEYS.map((option) => variant[option]);
        if (list.slice(0, count).some((value) => value === null)) missing.push(variant.sku);
        else combinations.set(key(list), `${variant.sku}, a variant not in the file`);
      }
      for (const { row, values: list } of planned) {
        if (list.slice(0, count).some((value) => value === null)) continue;
        const other = combinations.get(key(list));
        if (other === undefined) combinations.set(key(list), `line ${row.line}`);
        else {
          add(
            problemsOfRow(row),
            "Option1Value",
            `repeats the option values of ${other} (${list.slice(0, count).join(" / ")}): each variant has its own`,
          );
        }
      }
      const added = names.findIndex((optionName, k) => k < count && optionName !== null && !optionsBefore[k]);
      if (productRow && missing.length > 0 && added >= 0) {
        add(
          problemsOfRow(productRow),
          OPTION_NAME_COLUMNS[added] as string,
          `adds the option "${names[added]}", but ${missing.length} of the product's variants are not in the file (${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}): each needs a value of it`,
        );
      }
    }
    // At most PRODUCT_VARIANTS_MAX variants a product, as the grid allows.
    let total = storedVariants.length;
    for (const { row, variant } of planned) {
      if (variant?.stored || bySku.has(row.sku)) continue;
      total++;
      if (total > PRODUCT_VARIANTS_MAX) {
        add(
          problemsOfRow(row),
          "(row)",
          `would be variant ${total} of the product: a product has at most ${PRODUCT_VARIANTS_MAX}`,
        );
      }
    }

    const columns = fields ? columnsFrom(fields) : undefined;
    const categoryOf = columns ? category.byId.get(columns.master_category_id) : undefined;
    const classes =
      fields &&
      sortRegulatoryClasses(
        fields.RegulatoryClasses ??
          (stored
            ? classesOf(stored)
            : suggestRegulatoryClasses({
                categorySlug: categoryOf?.slug,
                productType: fields.ProductType,
                name: fields.ProductName,
                flavour: fields.Flavour,
                flavourGroup: fields.FlavourGroup,
                nicotineStrength: fields.NicotineStrength,
              })),
      );
    const after = names.slice(0, count).map((optionName, k) => ({ name: optionName ?? "", values: values[k] ?? [] }));

    const decided = planned.map(({ row, values: rowValues, variant }): PlannedRow => {
      const problems = problemsOfRow(row);
      const base = {
        line: row.line,
        productLine: (productRow ?? first).line,
        kind: row === productRow ? ("product" as const) : ("variant" as const),
        sku: row.sku,
        name,
        options: rowValues.slice(0, count).filter((value) => value !== null),
        problems: ordered(problems),
      };
      if (problems.length > 0 || !variant) return { ...base, action: "error", changes: [] };
      if (!variant.stored) return { ...base, action: "create", changes: [] };
      const now = { ...variant.stored, ...variant.columns, stock: variant.stock };
      let before = variantRowCells("", variant.stored);
      let later = variantRowCells("", now);
      if (row === productRow && stored && columns && classes) {
        const storedCategory = category.byId.get(stored.master_category_id)?.name ?? "";
        before = productCells("", stored, variant.stored, storedCategory, classesOf(stored), optionsBefore);
        later = productCells("", { ...stored, ...columns }, now, categoryOf?.name ?? "", classes, after);
      }
      const changes: Change[] = [];
      PRODUCT_CSV_COLUMNS.forEach((column, index) => {
        const [was, becomes] = [before[index] ?? "", later[index] ?? ""];
        if (was !== becomes) changes.push({ column, before: was, after: becomes });
      });
      return { ...base, action: changes.length === 0 ? "unchanged" : "update", changes };
    });

    const actions = new Set(decided.map((row) => row.action));
    return {
      rows: decided,
      action: actions.has("error")
        ? "error"
        : !stored
          ? "create"
          : actions.has("create") || actions.has("update")
            ? "update"
            : "unchanged",
      stored,
      columns,
      classes,
      optionsBefore,
      options: after,
      variants: planned.flatMap(({ variant }) => (variant ? [variant] : [])),
      storedVariants,
    };
  }

  const planned = [...groups.values()].map(planProduct);
  const fingerprint = createHash("sha256");
  for (const product of planned) {
    fingerprint.update(
      JSON.stringify([
        product.stored?.id,
        product.action,
        product.rows.map((row) => [row.line, row.action, row.sku, row.options, row.changes, row.problems]),
        product.columns,
        product.classes,
        product.options,
        product.variants.map((variant) => [variant.stored?.id, variant.columns, variant.stock]),
      ]),
    );
  }
  return { products: planned, id: fingerprint.digest("base64url") };
}
