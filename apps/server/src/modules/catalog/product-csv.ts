import { createHash } from "node:crypto";
import {
  type AdminProductSort,
  type adminProductExportQuerySchema,
  megabytes,
  onSalePriceProblem,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_FORM_MESSAGES,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_IMPORT_MAX_ROWS,
  type ProductCsvColumn,
  type ProductFormFields,
  type ProductImportResult,
  productFormFieldsSchema,
  type RegulatoryClass,
  sortRegulatoryClasses,
  suggestRegulatoryClasses,
} from "@shop/shared";
import { CSV_BOM, csvRow, parseCsv } from "@shop/shared/csv";
import { Invalid } from "@shop/shared/errors";
import { formatCount } from "@shop/shared/rules";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { ProductsTable } from "../../db/types.ts";
import { newId } from "../../lib/ids.ts";
import type { AuditActor, AuditChange, AuditRecorder } from "../audit/service.ts";
import { derivedProductColumns, unitPriceColumn } from "./derived-columns.ts";
import { type ProductAdminRepository, SORT_KEYS } from "./product-admin-repository.ts";
import {
  columnsFrom,
  fieldsOf,
  type ProductSnapshot,
  productAuditChanges,
  stockAuditChange,
} from "./product-fields.ts";
import { recordMovements, recordOpeningStock } from "./stock-repository.ts";

/** Rows an export reads at a time (keyset batches, so 100,000 products stream in constant memory). */
const EXPORT_BATCH = 500;
/** An import that creates or changes this many products ends with fresh statistics (decision 063). */
export const REFRESH_STATISTICS_ROWS = 500;
/** A preview shows long values (descriptions) shortened to this many characters. */
const SHOWN_CHARACTERS = 200;

const BOOLEAN_COLUMNS = new Set<ProductCsvColumn>([
  "Puffs9000PerDevice",
  "TypeCRechargeablePort",
  "DeliveryAvailable",
  "InStoreStockAvailable",
  "FeatureProduct",
  "Active",
]);
const TRUE = new Set(["true", "yes", "y", "1", "on"]);
const FALSE = new Set(["false", "no", "n", "0", "off"]);

type Stored = ProductsTable & { regulatory_classes: string | null };
type Problem = { column: string; message: string };

/** The form's messages that name their field, said after the column's name instead ("ProductName is required"). */
const COLUMN_WORDS = new Map<string, string>([
  [PRODUCT_FORM_MESSAGES.name, "is required"],
  [PRODUCT_FORM_MESSAGES.type, "is required"],
  [PRODUCT_FORM_MESSAGES.description, "is required"],
]);
type Cells = Record<ProductCsvColumn, string>;

const classesOf = (row: Stored): RegulatoryClass[] =>
  sortRegulatoryClasses((row.regulatory_classes ?? "").split(" ").filter(Boolean) as RegulatoryClass[]);

/** A product's cells as the CSV writes them (and as an import compares them). */
function cellsOf(row: ProductsTable, category: string, classes: readonly RegulatoryClass[]): Cells {
  const fields = fieldsOf(row);
  return Object.fromEntries(
    PRODUCT_CSV_COLUMNS.map((column) => [
      column,
      column === "Category"
        ? category
        : column === "RegulatoryClasses"
          ? sortRegulatoryClasses(classes).join(", ")
          : (fields[column] ?? ""),
    ]),
  ) as Cells;
}

const shown = (text: string) => (text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text);

/** What a row of the file does, with what the write needs. */
interface PlannedRow {
  line: number;
  action: "create" | "update" | "unchanged" | "error";
  sku: string;
  name: string;
  changes: { column: ProductCsvColumn; before: string; after: string }[];
  problems: Problem[];
  stored?: Stored;
  columns?: ReturnType<typeof columnsFrom>;
  classes?: RegulatoryClass[];
  /** The count to set; null leaves an existing product's stock as it is. */
  stock?: number | null;
}

interface Plan {
  rows: PlannedRow[];
  /** A fingerprint of everything the apply would write and the preview shows. */
  id: string;
}

/** A plan whose writes met a product changed since it was read (PostgreSQL's concurrent writers). */
class ChangedMeanwhile extends Error {}

/** A category named in a cell: by slug, else by name (any case). */
function categoryFinder(categories: { id: string; name: string; slug: string }[]) {
  const bySlug = new Map(categories.map((c) => [c.slug.toLowerCase(), c]));
  const byName = new Map<string, { id: string; name: string; slug: string }[]>();
  for (const c of categories) byName.set(c.name.toLowerCase(), [...(byName.get(c.name.toLowerCase()) ?? []), c]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  return {
    byId,
    find(text: string): { id: string; slug: string } | { problem: string } {
      const key = text.trim().toLowerCase();
      const named = byName.get(key) ?? [];
      const found = bySlug.get(key) ?? (named.length === 1 ? named[0] : undefined);
      if (found) return found;
      if (named.length > 1) return { problem: `"${text.trim()}" names ${named.length} categories: use its slug` };
      return { problem: `names no category ("${text.trim().slice(0, 60)}"): use a category's name or slug` };
    },
  };
}

/**
 * The product CSV (docs/decisions/059): the staff list exported as filtered, and
 * an import that creates and updates products by SKU with the product form's own schema and rules,
 * previewed first and applied whole in one transaction, each change in the audit log.
 */
export function createProductCsv(
  repo: ProductAdminRepository,
  deps: {
    audit: AuditRecorder;
    forgetLists: () => void;
    /** Decides again which products are sold nowhere (decision 080): every one, after an import. */
    decideSoldNowhere: () => Promise<void>;
    /** Called (not awaited) after an applied import of REFRESH_STATISTICS_ROWS or more. */
    afterLargeImport: () => void;
    now: () => Date;
  },
) {
  const order = (column: string) => (PRODUCT_CSV_COLUMNS as readonly string[]).indexOf(column);
  const ordered = (problems: Problem[]) => problems.sort((a, b) => order(a.column) - order(b.column));

  /** Reads the file and decides each row against the products as they are in `executor`. */
  async function plan(csv: string, executor: Executor): Promise<Plan> {
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
        `The CSV file has ${formatCount(body.length)} products: please import at most ${formatCount(PRODUCT_IMPORT_MAX_ROWS)} at a time.`,
        { fields: { csv: "has too many rows" } },
      );
    }

    const skuIndex = names.indexOf("Sku");
    const skus = [...new Set(body.map((row) => (row.cells[skuIndex] ?? "").trim()).filter(Boolean))];
    const [stored, categories] = await Promise.all([repo.bySkus(skus, executor), repo.categoryChoices(executor)]);
    const bySku = new Map(stored.map((row) => [row.sku, row]));
    const category = categoryFinder(categories);
    const firstLine = new Map<string, number>();

    const rows = body.map(({ line, cells }): PlannedRow => {
      const given = new Map<ProductCsvColumn, string>();
      names.forEach((name, index) => {
        if (name) given.set(name, cells[index] ?? "");
      });
      const sku = (given.get("Sku") ?? "").trim();
      const row = bySku.get(sku);
      const problems: Problem[] = [];
      if (cells.length > header.cells.length) {
        problems.push({
          column: "(row)",
          message: `has ${cells.length} cells but the header names ${header.cells.length} columns`,
        });
      }
      if (sku === "") problems.push({ column: "Sku", message: "is required: the import finds products by their SKU" });
      const earlier = firstLine.get(sku);
      if (sku !== "" && earlier !== undefined) problems.push({ column: "Sku", message: `is also on line ${earlier}` });
      if (sku !== "" && earlier === undefined) firstLine.set(sku, line);

      // The form's values: an existing product's own, with the file's cells over them.
      const { Stock: _stock, ...current } = row ? fieldsOf(row) : { Stock: "" };
      const input: Record<string, string> = { ...current, Sku: sku };
      for (const [column, cell] of given) {
        if (column === "Sku") continue;
        if (column === "Category") {
          if (cell.trim() === "") {
            input.MasterCategoryId = "";
            continue;
          }
          const found = category.find(cell);
          if ("problem" in found) problems.push({ column, message: found.problem });
          else input.MasterCategoryId = found.id;
        } else if (BOOLEAN_COLUMNS.has(column)) {
          const word = cell.trim().toLowerCase();
          if (TRUE.has(word)) input[column] = "true";
          else if (FALSE.has(word)) input[column] = "false";
          else if (word === "") delete input[column];
          else problems.push({ column, message: `must be true or false ("${cell.trim().slice(0, 20)}" is neither)` });
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
          const column = field === "MasterCategoryId" ? "Category" : field;
          if (problems.some((p) => p.column === column)) continue;
          problems.push({ column, message: COLUMN_WORDS.get(issue.message) ?? issue.message });
        }
      }
      const name = checked.success ? checked.data.ProductName : (input.ProductName ?? "").trim() || (row?.name ?? "");
      if (!checked.success || problems.length > 0) {
        return { line, action: "error", sku, name, changes: [], problems: ordered(problems) };
      }
      const fields: ProductFormFields = checked.data;
      const price = fields.Active
        ? onSalePriceProblem({
            sellingPricePcsCents: fields.SellingPricePCS,
            sellingPriceBoxCents: fields.SellingPriceBox,
            priceCents: fields.Price,
          })
        : null;
      if (price) {
        return {
          line,
          action: "error",
          sku,
          name,
          changes: [],
          problems: [{ column: price.field, message: price.message }],
        };
      }
      const columns = columnsFrom(fields);
      const categoryOf = category.byId.get(columns.master_category_id);
      const classes = sortRegulatoryClasses(
        fields.RegulatoryClasses ??
          (row
            ? classesOf(row)
            : suggestRegulatoryClasses({
                categorySlug: categoryOf?.slug,
                productType: fields.ProductType,
                name: fields.ProductName,
                flavour: fields.Flavour,
                flavourGroup: fields.FlavourGroup,
                nicotineStrength: fields.NicotineStrength,
              })),
      );
      if (!row)
        return { line, action: "create", sku, name, changes: [], problems: [], columns, classes, stock: columns.stock };
      const stock = fields.Stock;
      const before = cellsOf(row, category.byId.get(row.master_category_id)?.name ?? "", classesOf(row));
      const after = cellsOf({ ...row, ...columns, stock: stock ?? row.stock }, categoryOf?.name ?? "", classes);
      const changes = PRODUCT_CSV_COLUMNS.filter((column) => before[column] !== after[column]).map((column) => ({
        column,
        before: before[column],
        after: after[column],
      }));
      return {
        line,
        action: changes.length === 0 ? "unchanged" : "update",
        sku,
        name,
        changes,
        problems: [],
        stored: row,
        columns,
        classes,
        stock,
      };
    });
    const fingerprint = createHash("sha256");
    for (const row of rows) {
      fingerprint.update(
        JSON.stringify([row.line, row.action, row.sku, row.changes, row.problems, row.columns, row.classes, row.stock]),
      );
    }
    return { rows, id: fingerprint.digest("base64url") };
  }

  function answer(planned: Plan, applied: boolean, changedSincePreview = false): ProductImportResult {
    const count = (action: PlannedRow["action"]) => planned.rows.filter((row) => row.action === action).length;
    return {
      applied,
      changedSincePreview,
      previewId: planned.id,
      counts: {
        create: count("create"),
        update: count("update"),
        unchanged: count("unchanged"),
        error: count("error"),
      },
      rows: planned.rows
        .filter((row) => row.action !== "unchanged")
        .map((row) => ({
          line: row.line,
          action: row.action as "create" | "update" | "error",
          sku: row.sku,
          name: row.name,
          changes: row.changes.map((change) => ({
            column: change.column,
            before: shown(change.before),
            after: shown(change.after),
          })),
          problems: row.problems,
        })),
    };
  }

  /** Writes a checked plan in `trx`: new products in batches, changed ones one statement each, the log in batches. */
  async function write(trx: Executor, planned: Plan, actor: AuditActor): Promise<void> {
    const at = deps.now().toISOString();
    const snapshot = (row: ProductsTable, classes: readonly RegulatoryClass[]): ProductSnapshot => ({
      ...row,
      classes: sortRegulatoryClasses(classes).join(", "),
    });
    const cause = (note: string) => ({ kind: "adjustment" as const, note, actor });
    const audit: AuditChange[] = [];
    const classes = new Map<string, RegulatoryClass[]>();

    const created: ProductsTable[] = [];
    for (const row of planned.rows) {
      if (row.action !== "create" || !row.columns) continue;
      const product = {
        id: newId(),
        sku: row.sku,
        ...row.columns,
        ...derivedProductColumns(row.columns),
        created_at: at,
        updated_at: at,
      };
      created.push(product);
      classes.set(product.id, row.classes ?? []);
      audit.push(...productAuditChanges(actor, "created by import", undefined, snapshot(product, row.classes ?? [])));
    }
    await repo.insertMany(created, trx);
    await recordOpeningStock(trx, created, at, { kind: "initial", note: "Count when the product was imported", actor });

    const moved: { id: string; productId: string; change: number; stockAfter: number }[] = [];
    const updates: { id: string; updatedAt: string; changes: Partial<ProductsTable> }[] = [];
    for (const row of planned.rows) {
      if (row.action !== "update" || !row.columns || !row.stored) continue;
      const { regulatory_classes: _classes, ...stored } = row.stored;
      const stock = row.stock ?? stored.stock;
      const next: ProductsTable = { ...stored, ...row.columns, stock, updated_at: at };
      // The search words are worked out again only when what they are made of changed.
      const searched = ["name", "brand", "flavour", "strain_name", "description"] as const;
      const derived = searched.some((column) => next[column] !== stored[column])
        ? derivedProductColumns(next)
        : unitPriceColumn(next);
      Object.assign(next, derived);
      const changes = Object.fromEntries(
        (Object.keys(next) as (keyof ProductsTable)[])
          .filter((column) => next[column] !== stored[column])
          .map((column) => [column, next[column]]),
      );
      updates.push({ id: stored.id, updatedAt: stored.updated_at, changes });
      const storedClasses = classesOf(row.stored);
      const newClasses = row.classes ?? storedClasses;
      if (newClasses.join() !== storedClasses.join()) classes.set(stored.id, newClasses);
      audit.push(
        ...productAuditChanges(actor, "updated by import", snapshot(stored, storedClasses), snapshot(next, newClasses)),
      );
      if (stock !== stored.stock) {
        moved.push({ id: stored.id, productId: stored.id, change: stock - stored.stock, stockAfter: stock });
        const label = `${next.name} (${stored.sku})`;
        audit.push(stockAuditChange(actor, { id: stored.id, label }, stored.stock, stock, `Set to ${stock} by import`));
      }
    }
    if (!(await repo.updateManyIfUnchanged(updates, trx))) throw new ChangedMeanwhile();
    await recordMovements(trx, moved, at, cause("Set by a CSV import"));
    await repo.replaceRegulatoryClassesOf(classes, trx);
    await deps.audit.recordMany(trx, audit);
  }

  return {
    /**
     * Everything the staff list's filters match (every page) as CSV lines in the list's order, with
     * the columns the import reads; read in keyset batches, so a large export streams in constant memory.
     */
    async *exportCsv(query: z.output<typeof adminProductExportQuerySchema>): AsyncGenerator<string> {
      yield CSV_BOM + csvRow(PRODUCT_CSV_COLUMNS);
      const sort: AdminProductSort = query.sort;
      const filter = {
        q: query.q || undefined,
        categoryId: query.category || undefined,
        active: query.active === "all" ? undefined : query.active === "true",
        inStock: query.stock === "all" ? undefined : query.stock === "in",
        regulatoryClass: query.class,
      };
      let after: { key: string | number; id: string } | undefined;
      for (;;) {
        const rows = await repo.exportBatch(filter, sort, EXPORT_BATCH, after);
        yield rows
          .map((row) => {
            const cells = cellsOf(row, row.category_name, classesOf(row));
            return csvRow(PRODUCT_CSV_COLUMNS.map((column) => cells[column]));
          })
          .join("");
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) return;
        after = { key: last[SORT_KEYS[sort]], id: last.id };
      }
    },

    /**
     * An import: without `confirm`, the preview (what each row would create or change, or its
     * problems in words with its line). With the preview's id as `confirm`, the file is read again
     * in the transaction and applied whole only if it still does exactly what was previewed;
     * otherwise nothing is written and the answer is the new preview.
     */
    async importCsv(csv: string, confirm: string | undefined, actor: AuditActor): Promise<ProductImportResult> {
      if (confirm === undefined) return answer(await plan(csv, repo.db), false);
      let stale: Plan | undefined;
      try {
        const applied = await repo.db.transaction().execute(async (trx) => {
          const planned = await plan(csv, trx);
          if (planned.id !== confirm) {
            stale = planned;
            throw new ChangedMeanwhile();
          }
          const bad = planned.rows.filter((row) => row.action === "error");
          if (bad.length > 0) {
            throw new Invalid(
              `Nothing was imported: ${bad.length} row${bad.length === 1 ? " has" : "s have"} problems. Check the file again to see them.`,
              { fields: { csv: "has rows with problems" }, code: "import_rows_invalid" },
            );
          }
          await write(trx, planned, actor);
          return planned;
        });
        await deps.decideSoldNowhere();
        deps.forgetLists();
        // A large import changes what the planner should assume about the catalogue (decision 063):
        // refreshed after the answer, so the import does not wait for it; a few rows are left to
        // autovacuum.
        const written = applied.rows.filter((row) => row.action === "create" || row.action === "update").length;
        if (written >= REFRESH_STATISTICS_ROWS) deps.afterLargeImport();
        return answer(applied, true);
      } catch (error) {
        // Another import made one of this file's new SKUs meanwhile: the new preview updates it.
        if (!(error instanceof ChangedMeanwhile) && !isUniqueViolation(error)) throw error;
        return answer(stale ?? (await plan(csv, repo.db)), false, true);
      }
    },
  };
}
