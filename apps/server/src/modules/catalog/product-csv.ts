import {
  type AdminProductSort,
  type adminProductExportQuerySchema,
  PRODUCT_CSV_COLUMNS,
  type ProductImportResult,
  type RegulatoryClass,
  sortRegulatoryClasses,
} from "@shop/shared";
import { CSV_BOM, csvRow } from "@shop/shared/csv";
import { Invalid } from "@shop/shared/errors";
import { variantName } from "@shop/shared/rules";
import type { Insertable } from "kysely";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { ProductOptionsTable, ProductsTable, ProductVariantsTable } from "../../db/types.ts";
import { newId } from "../../lib/ids.ts";
import type { AuditActor, AuditChange, AuditRecorder } from "../audit/service.ts";
import { derivedProductColumns } from "./derived-columns.ts";
import { type ProductAdminRepository, SORT_KEYS } from "./product-admin-repository.ts";
import { type ProductOption, productCells, variantRowCells } from "./product-csv-cells.ts";
import { classesOf, type Plan, type PlannedProduct, type PlannedRow, planImport } from "./product-csv-plan.ts";
import { type columnsFrom, type ProductSnapshot, productAuditChanges, stockAuditChange } from "./product-fields.ts";
import { recordMovements } from "./stock-repository.ts";
import { SALE_COLUMNS, type VariantColumns, variantUnitPrice } from "./variants-repository.ts";
import { auditValues } from "./variants-service.ts";

/** Products an export reads at a time (keyset batches, so 100,000 products stream in constant memory). */
const EXPORT_BATCH = 500;
/** An import that creates or changes this many rows ends with fresh statistics (decision 063). */
export const REFRESH_STATISTICS_ROWS = 500;
/** A preview shows long values (descriptions) shortened to this many characters. */
const SHOWN_CHARACTERS = 200;

/** The columns the search words are made of: worked out again only when one of them changed. */
const SEARCHED = ["name", "brand", "flavour", "strain_name", "description"] as const;

const shown = (text: string) => (text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text);

/** The product's own columns among the form's: its listing's (prices, stock) are kept from its variants (docs/decisions/093). */
function productOnly({
  price_cents: _price,
  distro_price_cents: _distro,
  selling_price_pcs_cents: _piece,
  selling_price_box_cents: _box,
  pcs_per_pack: _pieces,
  pack_per_box: _packs,
  stock: _stock,
  ...product
}: ReturnType<typeof columnsFrom>) {
  return product;
}

/** A plan whose writes met a product changed since it was read (PostgreSQL's concurrent writers). */
class ChangedMeanwhile extends Error {}

type Movement = { id: string; productId: string; change: number; stockAfter: number };

/** The options of products by product, as stored (the values a JSON array). */
function optionsByProduct(rows: readonly ProductOptionsTable[]): Map<string, ProductOption[]> {
  const options = new Map<string, ProductOption[]>();
  for (const row of rows) {
    const option = { name: row.name, values: JSON.parse(row.option_values) as string[] };
    const list = options.get(row.product_id);
    if (list) list.push(option);
    else options.set(row.product_id, [option]);
  }
  return options;
}

/** The columns whose values `next` changes from `before`'s, with their new values. */
function changed<T extends object>(before: T, next: T): Partial<T> {
  return Object.fromEntries(
    (Object.keys(next) as (keyof T)[]).filter((key) => next[key] !== before[key]).map((key) => [key, next[key]]),
  ) as Partial<T>;
}

/**
 * The product CSV (docs/decisions/059, 095): the staff list exported as filtered, one row a
 * variant grouped by the product's handle, and an import that creates and updates products and
 * their variants by SKU with the product form's own schema and rules, previewed first and
 * applied whole in one transaction, each change in the audit log.
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
  function answer(planned: Plan, applied: boolean, changedSincePreview = false): ProductImportResult {
    const rows = planned.products.flatMap((product) => product.rows);
    const count = <T extends { action: PlannedRow["action"] }>(items: T[]) => ({
      create: items.filter((item) => item.action === "create").length,
      update: items.filter((item) => item.action === "update").length,
      unchanged: items.filter((item) => item.action === "unchanged").length,
      error: items.filter((item) => item.action === "error").length,
    });
    return {
      applied,
      changedSincePreview,
      previewId: planned.id,
      counts: count(rows),
      products: count(planned.products),
      // A product that changes shows its first row, then its variants that change.
      rows: planned.products
        .filter((product) => product.action !== "unchanged")
        .flatMap((product) => product.rows.filter((row, index) => index === 0 || row.action !== "unchanged"))
        .map((row) => ({
          ...row,
          changes: row.changes.map((change) => ({
            column: change.column,
            before: shown(change.before),
            after: shown(change.after),
          })),
        })),
    };
  }

  /**
   * Writes a checked plan in `trx`: new products and variants in batches; changed products first
   * (each held, and only if it is as it was read), then their variants, a few hundred a
   * statement; then the products' listings and what they are found by from their variants, the
   * stock movements, classes and the log.
   */
  async function write(trx: Executor, planned: Plan, actor: AuditActor): Promise<void> {
    const at = deps.now().toISOString();
    const snapshot = (row: ProductsTable, classes: readonly RegulatoryClass[]): ProductSnapshot => ({
      ...row,
      classes: sortRegulatoryClasses(classes).join(", "),
    });
    const audit: AuditChange[] = [];
    const classes = new Map<string, RegulatoryClass[]>();
    const options = new Map<string, ProductOption[]>();
    const created: Insertable<ProductsTable>[] = [];
    const updates: { id: string; updatedAt: string; changes: Partial<ProductsTable> }[] = [];
    const newVariants: Insertable<ProductVariantsTable>[] = [];
    const variantUpdates: { id: string; updatedAt: string; changes: Partial<ProductVariantsTable> }[] = [];
    const movements = { opening: [] as Movement[], added: [] as Movement[], set: [] as Movement[] };
    /** The products written, and those whose listing their variants' writes change (docs/decisions/093). */
    const written: string[] = [];
    const relisted: string[] = [];

    for (const product of planned.products) {
      const { columns, stored } = product;
      if (product.action === "unchanged" || product.action === "error") continue;
      const id = stored?.id ?? newId();
      written.push(id);
      // The product's row, when the file has it: its fields, and its own variant (first).
      const own = columns && product.variants[0];
      const name = columns?.name ?? stored?.name ?? "";
      const ownSku = own ? own.columns.sku : (stored?.sku ?? "");
      if (stored) {
        const { regulatory_classes: _classes, ...before } = stored;
        const ownSale = own ? Object.fromEntries(SALE_COLUMNS.map((column) => [column, own.columns[column]])) : {};
        const next: ProductsTable = { ...before, ...(columns && productOnly(columns)) };
        if (SEARCHED.some((column) => next[column] !== before[column])) {
          next.search_text = derivedProductColumns({ ...next, ...ownSale }).search_text;
        }
        const changes = changed(before, next);
        // Written even when only its variants change, so that it is held before them (docs/decisions/093)
        // and only as it was read: then with its updated_at as it is, as the variants grid leaves it.
        changes.updated_at = Object.keys(changes).length > 0 ? at : before.updated_at;
        updates.push({ id, updatedAt: before.updated_at, changes });
        const storedClasses = classesOf(stored);
        const newClasses = product.classes ?? storedClasses;
        if (newClasses.join() !== storedClasses.join()) classes.set(id, newClasses);
        audit.push(
          ...productAuditChanges(
            actor,
            "updated by import",
            snapshot(before, storedClasses),
            snapshot({ ...next, ...ownSale }, newClasses),
          ),
        );
      } else if (columns && own) {
        const row = { id, ...columns, ...derivedProductColumns(columns), sku: ownSku, created_at: at, updated_at: at };
        created.push(row);
        classes.set(id, product.classes ?? []);
        audit.push(...productAuditChanges(actor, "created by import", undefined, snapshot(row, product.classes ?? [])));
      }

      const after = new Map<string, VariantColumns>(product.storedVariants.map((variant) => [variant.id, variant]));
      let othersChanged = false;
      let variantsWritten = false;
      for (const [index, variant] of product.variants.entries()) {
        const label = `${variantName(name, [variant.columns.option1, variant.columns.option2, variant.columns.option3])} (${variant.columns.sku})`;
        const next = { ...variant.columns, stock: variant.stock, unit_price_cents: variantUnitPrice(variant.columns) };
        if (!variant.stored) {
          // A new product's own variant has the product's id (docs/decisions/093).
          const variantId = stored || index > 0 ? newId() : id;
          const row = { id: variantId, product_id: id, ...next, created_at: at, updated_at: at };
          newVariants.push(row);
          after.set(variantId, row);
          const movement = { id: variantId, productId: id, change: variant.stock, stockAfter: variant.stock };
          (variantId === id ? movements.opening : movements.added).push(movement);
          othersChanged ||= variantId !== id;
          variantsWritten = true;
          continue;
        }
        const current = variant.stored;
        const changes = changed<typeof next>(current, next);
        if (Object.keys(changes).length === 0) continue;
        variantUpdates.push({ id: current.id, updatedAt: current.updated_at, changes: { ...changes, updated_at: at } });
        after.set(current.id, { ...current, ...next });
        othersChanged ||= current.id !== id;
        variantsWritten = true;
        if (variant.stock !== current.stock) {
          movements.set.push({
            id: current.id,
            productId: id,
            change: variant.stock - current.stock,
            stockAfter: variant.stock,
          });
          audit.push(
            stockAuditChange(
              actor,
              { id: current.id, label },
              current.stock,
              variant.stock,
              `Set to ${variant.stock} by import`,
            ),
          );
        }
      }
      // A new product with its own variant alone, on sale, is listed as it is written (as the form's are).
      const [ownVariant] = product.variants;
      if (stored ? variantsWritten : product.variants.length > 1 || ownVariant?.columns.active === 0) relisted.push(id);
      const optionsChanged = JSON.stringify(product.options) !== JSON.stringify(product.optionsBefore);
      if (optionsChanged) options.set(id, product.options);
      // Options and the other variants as the variants grid logs them.
      if (optionsChanged || othersChanged) {
        const list = (variants: Iterable<VariantColumns>) =>
          JSON.stringify([...variants].sort((a, b) => a.position - b.position).map(auditValues));
        audit.push({
          actor,
          kind: "product",
          subjectId: id,
          subjectLabel: `${name} (${ownSku})`,
          action: stored ? "variants updated by import" : "variants created by import",
          before: stored
            ? { Options: JSON.stringify(product.optionsBefore), Variants: list(product.storedVariants) }
            : null,
          after: { Options: JSON.stringify(product.options), Variants: list(after.values()) },
        });
      }
    }

    await repo.insertMany(created, trx);
    if (!(await repo.updateManyIfUnchanged(updates, trx))) throw new ChangedMeanwhile();
    await repo.insertVariants(newVariants, trx);
    if (!(await repo.updateVariantsIfUnchanged(variantUpdates, trx))) throw new ChangedMeanwhile();
    await repo.replaceOptionsOf(options, trx);
    await repo.refreshListings(relisted, trx);
    await repo.refreshVariantWords(written, trx);
    await recordMovements(trx, movements.opening, at, {
      kind: "initial",
      note: "Count when the product was imported",
      actor,
    });
    await recordMovements(trx, movements.added, at, {
      kind: "initial",
      note: "Count when the variant was imported",
      actor,
    });
    await recordMovements(trx, movements.set, at, { kind: "adjustment", note: "Set by a CSV import", actor });
    await repo.replaceRegulatoryClassesOf(classes, trx);
    await deps.audit.recordMany(trx, audit);
  }

  return {
    /**
     * Everything the staff list's filters match (every page) as CSV lines in the list's order, one
     * a variant: each product's first row with its fields and its own variant, then its other
     * variants in their order under the same handle (its id), with the columns the import reads.
     * Read in keyset batches, so a large export streams in constant memory.
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
        const ids = rows.map((row) => row.id);
        const variants = new Map<string, ProductVariantsTable[]>();
        for (const variant of await repo.variantsOf(ids)) {
          const list = variants.get(variant.product_id);
          if (list) list.push(variant);
          else variants.set(variant.product_id, [variant]);
        }
        const options = optionsByProduct(await repo.optionsOf(ids));
        yield rows
          .map((row) => {
            const all = variants.get(row.id) ?? [];
            const own = all.find((variant) => variant.id === row.id);
            if (!own) throw new Error(`The product ${row.id} has no variant of its own (docs/decisions/093).`);
            const first = productCells(row.id, row, own, row.category_name, classesOf(row), options.get(row.id) ?? []);
            const others = all
              .filter((variant) => variant !== own)
              .map((variant) => csvRow(variantRowCells(row.id, variant)));
            return csvRow(first) + others.join("");
          })
          .join("");
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) return;
        after = { key: last[SORT_KEYS[sort]], id: last.id };
      }
    },

    /**
     * An import: without `confirm`, the preview (what each product and each of its variants would
     * create or change, or their problems in words with their lines). With the preview's id as
     * `confirm`, the file is read again in the transaction and applied whole only if it still does
     * exactly what was previewed; otherwise nothing is written and the answer is the new preview.
     */
    async importCsv(csv: string, confirm: string | undefined, actor: AuditActor): Promise<ProductImportResult> {
      if (confirm === undefined) return answer(await planImport(csv, repo, repo.db), false);
      let stale: Plan | undefined;
      try {
        const applied = await repo.db.transaction().execute(async (trx) => {
          const planned = await planImport(csv, repo, trx);
          if (planned.id !== confirm) {
            stale = planned;
            throw new ChangedMeanwhile();
          }
          const bad = planned.products.flatMap((product) => product.rows).filter((row) => row.action === "error");
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
        const written = applied.products
          .flatMap((product: PlannedProduct) => product.rows)
          .filter((row) => row.action === "create" || row.action === "update").length;
        if (written >= REFRESH_STATISTICS_ROWS) deps.afterLargeImport();
        return answer(applied, true);
      } catch (error) {
        // Another import made one of this file's new SKUs meanwhile: the new preview updates it.
        if (!(error instanceof ChangedMeanwhile) && !isUniqueViolation(error)) throw error;
        return answer(stale ?? (await planImport(csv, repo, repo.db)), false, true);
      }
    },
  };
}
