import { type AdminProductSort, type RegulatoryClass, searchTerms } from "@shop/shared";
import type { Insertable, Kysely, Updateable } from "kysely";
import type { Engine, Executor } from "../../db/database.ts";
import { keysetPage } from "../../db/keyset.ts";
import { CATALOG_TABLES, refreshStatistics } from "../../db/statistics.ts";
import type { Database, ProductOptionsTable, ProductsTable, ProductVariantsTable } from "../../db/types.ts";
import { updateManyIfUnchanged } from "../../db/update-many.ts";
import { productImages, regulatoryClassesColumn, searchCondition } from "./repository.ts";
import {
  insertProducts,
  type NewProduct,
  refreshListings,
  refreshVariantWords,
  type SaleColumns,
  writeOwnVariants,
} from "./variants-repository.ts";

export interface AdminProductFilter {
  q?: string | undefined;
  categoryId?: string | undefined;
  active?: boolean | undefined;
  /** true: in stock; false: out of stock. */
  inStock?: boolean | undefined;
  /** Only products with this regulatory class. */
  regulatoryClass?: RegulatoryClass | undefined;
}

/** The staff list's sorts: the column and direction (ties go by id the same way). */
const ORDER = {
  updated: ["p.updated_at", "desc"],
  newest: ["p.created_at", "desc"],
  name: ["p.name", "asc"],
  price_asc: ["p.unit_price_cents", "asc"],
  price_desc: ["p.unit_price_cents", "desc"],
  stock_asc: ["p.stock", "asc"],
} as const satisfies Record<AdminProductSort, readonly [string, "asc" | "desc"]>;

/** The column each sort's keyset continues from (ORDER's column, as the row names it). */
export const SORT_KEYS = {
  updated: "updated_at",
  newest: "created_at",
  name: "name",
  price_asc: "unit_price_cents",
  price_desc: "unit_price_cents",
  stock_asc: "stock",
} as const satisfies Record<AdminProductSort, keyof ProductsTable>;

/** The products table's integer columns (cents, counts, 0/1 flags). */
const INTEGER_COLUMNS = new Set<keyof ProductsTable>([
  "featured",
  "puffs_9000_per_device",
  "type_c_rechargeable_port",
  "price_cents",
  "distro_price_cents",
  "selling_price_pcs_cents",
  "selling_price_box_cents",
  "pcs_per_pack",
  "pack_per_box",
  "delivery_available",
  "in_store_stock_available",
  "stock",
  "active",
  "unit_price_cents",
  "max_unit_price_cents",
  "variant_count",
]);

/** The product_variants table's integer columns. */
const VARIANT_INTEGER_COLUMNS = new Set<keyof ProductVariantsTable>([
  "position",
  "price_cents",
  "distro_price_cents",
  "selling_price_pcs_cents",
  "selling_price_box_cents",
  "pcs_per_pack",
  "pack_per_box",
  "stock",
  "active",
  "unit_price_cents",
]);

/** Rows a statement writes at once: far below both engines' limits on bound parameters (about 35 a product). */
const WRITE_BATCH = 400;
/** Ids a statement reads by at once. */
const READ_BATCH = 500;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/**
 * After products' rows are written (and so held, docs/decisions/093): their sale fields to their
 * own variants, and their listing columns from their variants again.
 */
async function writeOwnAndRefresh(
  rows: readonly { id: string; changes: Updateable<ProductsTable> }[],
  executor: Executor,
): Promise<void> {
  const at = new Date().toISOString();
  await writeOwnVariants(
    executor,
    rows.map(({ id, changes }) => ({ id, changes: changes as Partial<SaleColumns & { stock: number }> })),
    at,
  );
  const ids = rows.map((row) => row.id);
  await refreshListings(executor, ids);
  // A write of the product's words set them without its variants' options; its filter values too.
  await refreshVariantWords(executor, ids);
}

/** The staff side of products: every product whatever its state, with writes. */
export function createProductAdminRepository(db: Kysely<Database>, engine: Engine) {
  /** Conditions on products' own columns, so counting needs no join and indexes serve. */
  function filtered(filter: AdminProductFilter) {
    let query = db.selectFrom("products as p");
    if (filter.q) {
      // The storefront's full-text index (name, brand, flavour, strain, description), or a SKU
      // that starts with what was typed (a range on the SKU's unique index).
      const terms = searchTerms(filter.q);
      const sku = filter.q.trim().toUpperCase();
      query = query.where((eb) =>
        eb.or([
          ...(terms.length > 0 ? [eb.and([searchCondition(engine, terms)])] : []),
          eb.and([eb("p.sku", ">=", sku), eb("p.sku", "<", `${sku}\uffff`)]),
        ]),
      );
    }
    if (filter.categoryId) query = query.where("p.master_category_id", "=", filter.categoryId);
    if (filter.active !== undefined) query = query.where("p.active", "=", filter.active ? 1 : 0);
    if (filter.inStock !== undefined) query = query.where("p.stock", filter.inStock ? ">" : "=", 0);
    if (filter.regulatoryClass !== undefined) {
      // Through the (class, product) index: the class's products, then each probed by id.
      const code = filter.regulatoryClass;
      query = query.where("p.id", "in", (eb) =>
        eb.selectFrom("product_regulatory_classes").select("product_id").where("class", "=", code),
      );
    }
    return query;
  }

  return {
    db,
    /** Fresh planner statistics after a bulk write (an import; decision 063). */
    refreshStatistics: () => refreshStatistics({ kysely: db, engine }, CATALOG_TABLES),
    /**
     * One page in two steps: the page's ids from products alone (ordered along an index, the
     * count from the same conditions), then those rows with their category and main image.
     */
    async list(filter: AdminProductFilter, page: { offset: number; limit: number; sort: AdminProductSort }) {
      const [column, direction] = ORDER[page.sort];
      const [ids, total] = await Promise.all([
        filtered(filter)
          .select("p.id")
          .orderBy(column, direction)
          .orderBy("p.id", direction)
          .offset(page.offset)
          .limit(page.limit)
          .execute()
          .then((rows) => rows.map((row) => row.id)),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count)),
      ]);
      if (ids.length === 0) return { rows: [], total };
      const rows = await db
        .selectFrom("products as p")
        .innerJoin("master_categories as c", "c.id", "p.master_category_id")
        .leftJoin("product_images as pi", (join) => join.onRef("pi.product_id", "=", "p.id").on("pi.position", "=", 0))
        .leftJoin("images as i", "i.key", "pi.image_key")
        .where("p.id", "in", ids)
        .select([
          "p.id",
          "p.sku",
          "p.name",
          "p.product_type",
          "p.brand",
          "p.price_cents",
          "p.selling_price_pcs_cents",
          "p.selling_price_box_cents",
          "p.stock",
          "p.active",
          "p.featured",
          "p.updated_at",
          "c.id as category_id",
          "c.name as category_name",
          "i.key as image_key",
          "i.width as image_width",
          "i.height as image_height",
          "i.widths as image_widths",
        ])
        .select(regulatoryClassesColumn(engine))
        .execute();
      const position = new Map(ids.map((id, index) => [id, index]));
      return { rows: rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)), total };
    },

    /**
     * A batch of the CSV export: whole rows with their category's name and classes, in the list's
     * order, continuing by keyset `after` the last row of the batch before (constant memory).
     */
    exportBatch(
      filter: AdminProductFilter,
      sort: AdminProductSort,
      limit: number,
      after: { key: string | number; id: string } | undefined,
    ) {
      const [key, direction] = ORDER[sort];
      const query = filtered(filter)
        .innerJoin("master_categories as c", "c.id", "p.master_category_id")
        .selectAll("p")
        .select("c.name as category_name")
        .select(regulatoryClassesColumn(engine));
      return keysetPage(query, { key, id: "p.id", direction }, { limit, after }).execute();
    },

    /** Every category, to find one by name or slug. */
    categoryChoices(executor: Executor = db) {
      return executor.selectFrom("master_categories").select(["id", "name", "slug"]).execute();
    },

    /**
     * Every variant of the products that have a variant with one of these SKUs, by product and in
     * their order (what an import needs to know of the products its SKUs name).
     */
    async variantsOfSkus(skus: readonly string[], executor: Executor = db) {
      const found = new Map<string, ProductVariantsTable>();
      for (const batch of chunks(skus, READ_BATCH)) {
        const rows = await executor
          .selectFrom("product_variants")
          .selectAll()
          .where("product_id", "in", (eb) =>
            eb.selectFrom("product_variants").select("product_id").where("sku", "in", batch),
          )
          .orderBy("product_id")
          .orderBy("position")
          .execute();
        for (const row of rows) found.set(row.id, row);
      }
      return [...found.values()];
    },

    /** The products with these ids, whole, with their classes (space-separated). */
    async productsByIds(ids: readonly string[], executor: Executor = db) {
      const found = [];
      for (const batch of chunks(ids, READ_BATCH)) {
        found.push(
          ...(await executor
            .selectFrom("products as p")
            .selectAll("p")
            .select(regulatoryClassesColumn(engine))
            .where("p.id", "in", batch)
            .execute()),
        );
      }
      return found;
    },

    /** Every variant of these products, by product and in their order. */
    async variantsOf(productIds: readonly string[], executor: Executor = db) {
      const found: ProductVariantsTable[] = [];
      for (const batch of chunks(productIds, READ_BATCH)) {
        found.push(
          ...(await executor
            .selectFrom("product_variants")
            .selectAll()
            .where("product_id", "in", batch)
            .orderBy("product_id")
            .orderBy("position")
            .execute()),
        );
      }
      return found;
    },

    /** The options of these products, by product and in their order. */
    async optionsOf(productIds: readonly string[], executor: Executor = db) {
      const found: ProductOptionsTable[] = [];
      for (const batch of chunks(productIds, READ_BATCH)) {
        found.push(
          ...(await executor
            .selectFrom("product_options")
            .selectAll()
            .where("product_id", "in", batch)
            .orderBy("product_id")
            .orderBy("position")
            .execute()),
        );
      }
      return found;
    },

    /**
     * New products of an import, a few hundred a statement: their variants, with their options and
     * states, are the import's to write (insertVariants), then what they are found by
     * (refreshVariantWords).
     */
    async insertMany(rows: readonly Insertable<ProductsTable>[], executor: Executor) {
      for (const batch of chunks(rows, WRITE_BATCH)) await executor.insertInto("products").values(batch).execute();
    },

    /**
     * Changes many products, each only if it is still as it was read (its updated_at), and so
     * holds them before their variants are written (docs/decisions/093). Each product is written
     * only its changed columns: SQLite's full-text triggers fire on `update of search_text,
     * active`, so the search words are written only where they changed. False when any product
     * changed since it was read; the caller rolls back.
     */
    updateManyIfUnchanged(
      rows: readonly { id: string; updatedAt: string; changes: Partial<ProductsTable> }[],
      executor: Executor,
    ): Promise<boolean> {
      return updateManyIfUnchanged(executor, "products", rows, INTEGER_COLUMNS);
    },

    /** New variants, a few hundred a statement. */
    async insertVariants(rows: readonly Insertable<ProductVariantsTable>[], executor: Executor) {
      for (const batch of chunks(rows, 300)) await executor.insertInto("product_variants").values(batch).execute();
    },

    /** Changes many variants, each only its changed columns and only if it is still as it was read; false otherwise. */
    updateVariantsIfUnchanged(
      rows: readonly { id: string; updatedAt: string; changes: Partial<ProductVariantsTable> }[],
      executor: Executor,
    ): Promise<boolean> {
      return updateManyIfUnchanged(executor, "product_variants", rows, VARIANT_INTEGER_COLUMNS);
    },

    /** Sets the options of many products, each's to exactly those given, in their order. */
    async replaceOptionsOf(
      options: ReadonlyMap<string, readonly { name: string; values: readonly string[] }[]>,
      executor: Executor,
    ): Promise<void> {
      for (const ids of chunks([...options.keys()], READ_BATCH)) {
        await executor.deleteFrom("product_options").where("product_id", "in", ids).execute();
      }
      const rows = [...options].flatMap(([id, list]) =>
        list.map((option, position) => ({
          product_id: id,
          position,
          name: option.name,
          option_values: JSON.stringify(option.values),
        })),
      );
      for (const batch of chunks(rows, WRITE_BATCH))
        await executor.insertInto("product_options").values(batch).execute();
    },

    /** The products' listing columns from their variants again (docs/decisions/093); the caller holds them. */
    refreshListings: (ids: readonly string[], executor: Executor) => refreshListings(executor, ids),
    /** What the products are found and filtered by, from their fields and variants again. */
    refreshVariantWords: (ids: readonly string[], executor: Executor) => refreshVariantWords(executor, ids),

    /** Sets the classes of many products at once: each product's to exactly those given. */
    async replaceRegulatoryClassesOf(
      classes: ReadonlyMap<string, readonly RegulatoryClass[]>,
      executor: Executor,
    ): Promise<void> {
      for (const ids of chunks([...classes.keys()], 500)) {
        await executor.deleteFrom("product_regulatory_classes").where("product_id", "in", ids).execute();
      }
      const rows = [...classes].flatMap(([id, codes]) => codes.map((code) => ({ product_id: id, class: code })));
      for (const batch of chunks(rows, 1000)) {
        await executor.insertInto("product_regulatory_classes").values(batch).execute();
      }
    },

    async counts(): Promise<{ total: number; active: number; outOfStock: number }> {
      const row = await db
        .selectFrom("products")
        .select((eb) => [
          eb.fn.countAll<number | string>().as("total"),
          eb.fn.sum<number | string | null>(eb.case().when("active", "=", 1).then(1).else(0).end()).as("active"),
          eb.fn.sum<number | string | null>(eb.case().when("stock", "=", 0).then(1).else(0).end()).as("out_of_stock"),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), active: Number(row.active ?? 0), outOfStock: Number(row.out_of_stock ?? 0) };
    },

    find(id: string, executor: Executor = db) {
      return executor.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
    },
    images: (productId: string, executor: Executor = db) => productImages(executor, productId),
    /** The product's regulatory classes, any order. */
    async regulatoryClasses(productId: string, executor: Executor = db): Promise<RegulatoryClass[]> {
      const rows = await executor
        .selectFrom("product_regulatory_classes")
        .select("class")
        .where("product_id", "=", productId)
        .execute();
      return rows.map((row) => row.class);
    },
    /** Sets the product's classes to exactly these. */
    async replaceRegulatoryClasses(productId: string, classes: readonly RegulatoryClass[], executor: Executor) {
      await executor.deleteFrom("product_regulatory_classes").where("product_id", "=", productId).execute();
      if (classes.length === 0) return;
      await executor
        .insertInto("product_regulatory_classes")
        .values(classes.map((code) => ({ product_id: productId, class: code })))
        .execute();
    },
    /** The slug of a category, for the suggestion of a new product's classes. */
    categorySlug(id: string, executor: Executor = db): Promise<string | undefined> {
      return executor
        .selectFrom("master_categories")
        .select("slug")
        .where("id", "=", id)
        .executeTakeFirst()
        .then((row) => row?.slug);
    },
    categoryExists(id: string, executor: Executor = db): Promise<boolean> {
      return executor
        .selectFrom("master_categories")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst()
        .then(Boolean);
    },
    skuTaken(sku: string, exceptId: string | undefined, executor: Executor = db): Promise<boolean> {
      let query = executor.selectFrom("products").select("id").where("sku", "=", sku);
      if (exceptId) query = query.where("id", "<>", exceptId);
      return query.executeTakeFirst().then(Boolean);
    },
    /** A new product with its own variant (docs/decisions/093). */
    async insert(row: NewProduct, executor: Executor) {
      await insertProducts(executor, [row]);
    },
    /** Changes a product; its sale fields are its own variant's, and its listing is kept from its variants. */
    async update(id: string, changes: Updateable<ProductsTable>, executor: Executor) {
      await executor.updateTable("products").set(changes).where("id", "=", id).execute();
      await writeOwnAndRefresh([{ id, changes }], executor);
    },
    async replaceImages(productId: string, keys: string[], alt: string, executor: Executor, newId: () => string) {
      await executor.deleteFrom("product_images").where("product_id", "=", productId).execute();
      if (keys.length === 0) return;
      await executor
        .insertInto("product_images")
        .values(
          keys.map((key, position) => ({
            id: newId(),
            product_id: productId,
            image_key: key,
            position,
            alt: position === 0 ? alt : `${alt}, another view`,
          })),
        )
        .execute();
    },
    async remove(ids: string[], executor: Executor) {
      await executor.deleteFrom("product_images").where("product_id", "in", ids).execute();
      await executor.deleteFrom("product_regulatory_classes").where("product_id", "in", ids).execute();
      const result = await executor.deleteFrom("products").where("id", "in", ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** The prices a buyer would pay, of the products with these ids. */
    prices(ids: string[]) {
      return db
        .selectFrom("products")
        .select(["name", "selling_price_pcs_cents", "selling_price_box_cents", "price_cents"])
        .where("id", "in", ids)
        .orderBy("name")
        .execute();
    },
    setActive(ids: string[], active: boolean, now: string, executor: Executor = db) {
      return executor
        .updateTable("products")
        .set({ active: active ? 1 : 0, updated_at: now })
        .where("id", "in", ids)
        .executeTakeFirst()
        .then((result) => Number(result.numUpdatedRows));
    },
  };
}

export type ProductAdminRepository = ReturnType<typeof createProductAdminRepository>;
