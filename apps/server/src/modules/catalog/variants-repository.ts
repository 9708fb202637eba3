import { optionKind, productSearchText, unitPriceCents, type VariantOption } from "@shop/shared";
import { type Insertable, type Kysely, sql } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database, ProductsTable, ProductVariantsTable } from "../../db/types.ts";

/**
 * Sets again, where they changed, what the products are found and filtered by beside their own
 * columns: their search words with their active variants' option values (a flavour typed in the
 * search finds the product that has it), and the nicotine strengths and sizes they are sold in
 * (product_facet_values: their own columns' and their variants' values of the options so named).
 */
export async function refreshVariantWords(executor: Executor, ids: readonly string[]): Promise<void> {
  for (const batch of chunks([...new Set(ids)], 500)) {
    const products = await executor
      .selectFrom("products")
      .select([
        "id",
        "name",
        "brand",
        "flavour",
        "strain_name",
        "description",
        "search_text",
        "nicotine_strength",
        "size",
      ])
      .where("id", "in", batch)
      .execute();
    const options = await executor
      .selectFrom("product_options")
      .select(["product_id", "position", "name"])
      .where("product_id", "in", batch)
      .execute();
    const variants = await executor
      .selectFrom("product_variants")
      .select(["product_id", "option1", "option2", "option3"])
      .where("product_id", "in", batch)
      .where("active", "=", 1)
      .orderBy("product_id")
      .orderBy("position")
      .execute();
    const facets: { facet: "nicotine" | "size"; value: string; product_id: string }[] = [];
    for (const product of products) {
      const kinds = new Map(
        options
          .filter((option) => option.product_id === product.id)
          .map((option) => [option.position, optionKind(option.name)]),
      );
      const values = variants
        .filter((row) => row.product_id === product.id)
        .flatMap((row) =>
          [row.option1, row.option2, row.option3].map((value, position) => ({ value, kind: kinds.get(position) })),
        )
        .filter((entry): entry is { value: string; kind: ReturnType<typeof optionKind> } => entry.value !== null);
      const text = productSearchText({
        ...product,
        strainName: product.strain_name,
        optionValues: values.map((entry) => entry.value),
      });
      if (text !== product.search_text) {
        await executor.updateTable("products").set({ search_text: text }).where("id", "=", product.id).execute();
      }
      for (const facet of ["nicotine", "size"] as const) {
        const own = facet === "nicotine" ? product.nicotine_strength : product.size;
        const found = [own, ...values.filter((entry) => entry.kind === facet).map((entry) => entry.value)];
        for (const value of new Set(found.filter((candidate): candidate is string => Boolean(candidate)))) {
          facets.push({ facet, value, product_id: product.id });
        }
      }
    }
    await executor.deleteFrom("product_facet_values").where("product_id", "in", batch).execute();
    for (const rows of chunks(facets, 300)) await executor.insertInto("product_facet_values").values(rows).execute();
  }
}

/** The columns a variant and its product's listing share: what is sold, and at what price. */
export const SALE_COLUMNS = [
  "sku",
  "price_cents",
  "distro_price_cents",
  "selling_price_pcs_cents",
  "selling_price_box_cents",
  "pcs_per_pack",
  "pack_per_box",
] as const;
export type SaleColumns = Pick<ProductVariantsTable, (typeof SALE_COLUMNS)[number]>;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** A variant's kept price column from its price fields. */
export function variantUnitPrice(row: Omit<SaleColumns, "sku" | "distro_price_cents">): number {
  return unitPriceCents({
    sellingPricePcsCents: row.selling_price_pcs_cents,
    sellingPriceBoxCents: row.selling_price_box_cents,
    priceCents: row.price_cents,
  });
}

/**
 * The product's own variant (docs/decisions/093): the one every product has, with the product's
 * id, made from the product's row as the spec's form gives it.
 */
export function ownVariantRow(
  product: SaleColumns & Pick<ProductsTable, "id" | "stock" | "created_at" | "updated_at">,
): Insertable<ProductVariantsTable> {
  const sale = Object.fromEntries(SALE_COLUMNS.map((column) => [column, product[column]])) as SaleColumns;
  return {
    id: product.id,
    product_id: product.id,
    position: 0,
    ...sale,
    stock: product.stock,
    active: 1,
    unit_price_cents: variantUnitPrice(sale),
    created_at: product.created_at,
    updated_at: product.updated_at,
  };
}

/** A new product's row, with what its own variant is made from. */
export type NewProduct = Insertable<ProductsTable> & Parameters<typeof ownVariantRow>[0];

/**
 * New products with their own variants and what they are found and filtered by, a few hundred
 * a statement: how every product comes into the shop (the form, the import, the demo).
 */
export async function insertProducts(executor: Executor, products: readonly NewProduct[]): Promise<void> {
  for (const batch of chunks(products, 300)) {
    await executor.insertInto("products").values(batch).execute();
    await executor.insertInto("product_variants").values(batch.map(ownVariantRow)).execute();
  }
  await refreshVariantWords(
    executor,
    products.map((product) => product.id),
  );
}

const OWN_VARIANT_COLUMNS: readonly string[] = [...SALE_COLUMNS, "stock"];

/**
 * Writes a product write's sale fields (and an import's count) to the products' own variants:
 * the spec's form and the CSV import edit that one (docs/decisions/093).
 */
export async function writeOwnVariants(
  executor: Executor,
  rows: readonly { id: string; changes: Partial<SaleColumns & { stock: number }> }[],
  at: string,
): Promise<void> {
  for (const { id, changes } of rows) {
    const sale = Object.fromEntries(
      Object.entries(changes).filter(([column]) => OWN_VARIANT_COLUMNS.includes(column)),
    ) as Partial<SaleColumns & { stock: number }>;
    if (Object.keys(sale).length === 0) continue;
    const current = await executor
      .selectFrom("product_variants")
      .select(SALE_COLUMNS)
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const next = { ...current, ...sale };
    await executor
      .updateTable("product_variants")
      .set({ ...sale, unit_price_cents: variantUnitPrice(next), updated_at: at })
      .where("id", "=", id)
      .execute();
  }
}

/**
 * Holds the products' rows for the caller's transaction (a write that changes nothing: a row lock
 * on PostgreSQL, the one writer on SQLite), so that whoever changes a product's variants or stock
 * holds its product first, as every stock change does (moveStock): a listing refreshed while
 * holding it counts every committed variant, and no two changes wait on each other in turn.
 */
export async function holdProducts(executor: Executor, ids: readonly string[]): Promise<void> {
  for (const batch of chunks([...new Set(ids)].sort(), 500)) {
    await sql`update products set updated_at = updated_at where id in (${sql.join(batch)})`.execute(executor);
  }
}

/**
 * Sets the products' listing columns from their variants (docs/decisions/093): the own variant's
 * SKU and prices; the stock, lowest and highest unit price and number of their active variants
 * (with none active, the own variant's price and no stock). The caller holds the products
 * (holdProducts) or writes alone.
 */
export async function refreshListings(executor: Executor, ids: readonly string[]): Promise<void> {
  const own = (column: string) =>
    sql`(select ${sql.ref(`v.${column}`)} from product_variants v where v.id = products.id)`;
  const active = (aggregate: string) =>
    sql`(select ${sql.raw(aggregate)} from product_variants v where v.product_id = products.id and v.active = 1)`;
  const assignments = sql.join([
    ...SALE_COLUMNS.map((column) => sql`${sql.ref(column)} = ${own(column)}`),
    sql`stock = coalesce(${active("sum(v.stock)")}, 0)`,
    sql`unit_price_cents = coalesce(${active("min(v.unit_price_cents)")}, ${own("unit_price_cents")})`,
    sql`max_unit_price_cents = coalesce(${active("max(v.unit_price_cents)")}, ${own("unit_price_cents")})`,
    sql`variant_count = ${active("count(*)")}`,
  ]);
  for (const batch of chunks([...new Set(ids)], 500)) {
    await sql`update products set ${assignments} where id in (${sql.join(batch)})`.execute(executor);
  }
}

type OptionColumns = { [K in 1 | 2 | 3 as `option${K}` | `option${K}_name`]: string | null };

/** A variant's option values with their options' names (none for a product without options). */
export function variantOptions(row: OptionColumns): VariantOption[] {
  const named: VariantOption[] = [];
  for (const [name, value] of [
    [row.option1_name, row.option1],
    [row.option2_name, row.option2],
    [row.option3_name, row.option3],
  ]) {
    if (name != null && value != null) named.push({ name, value });
  }
  return named;
}

/** A product's variants in their order (the active ones alone with `onlyActive`), each with its picture. */
export function productVariants(executor: Executor, productId: string, { onlyActive = false } = {}) {
  return executor
    .selectFrom("product_variants as v")
    .leftJoin("images as i", "i.key", "v.image_key")
    .where("v.product_id", "=", productId)
    .$if(onlyActive, (query) => query.where("v.active", "=", 1))
    .selectAll("v")
    .select(["i.key as image_key", "i.width as image_width", "i.height as image_height", "i.widths as image_widths"])
    .orderBy("v.position")
    .execute();
}

/** The variant columns staff write from the grid (docs/decisions/093). */
export type VariantColumns = SaleColumns &
  Pick<ProductVariantsTable, "position" | "option1" | "option2" | "option3" | "active"> &
  Partial<Pick<ProductVariantsTable, "liquid_ml" | "nicotine_mg_per_ml" | "vape_system" | "wholesale_cost_cents">>;

/** A product's options and variants as staff edit them, with what removing a variant depends on. */
export function createVariantsRepository(db: Kysely<Database>) {
  return {
    db,
    holdProducts,
    refreshListings,
    refreshVariantWords,

    async productName(executor: Executor, id: string): Promise<string | undefined> {
      return (await executor.selectFrom("products").select("name").where("id", "=", id).executeTakeFirst())?.name;
    },

    /** The product's variants in their order, with their pictures. */
    variants: (productId: string, executor: Executor = db) => productVariants(executor, productId),

    /** Sets the product's options to exactly these, in their order. */
    async replaceOptions(
      executor: Executor,
      productId: string,
      options: readonly { name: string; values: readonly string[] }[],
    ) {
      await executor.deleteFrom("product_options").where("product_id", "=", productId).execute();
      if (options.length === 0) return;
      await executor
        .insertInto("product_options")
        .values(
          options.map((option, position) => ({
            product_id: productId,
            position,
            name: option.name,
            option_values: JSON.stringify(option.values),
          })),
        )
        .execute();
    },

    async insertVariant(executor: Executor, row: Insertable<ProductVariantsTable>) {
      await executor.insertInto("product_variants").values(row).execute();
    },

    async updateVariant(executor: Executor, id: string, columns: VariantColumns, at: string) {
      await executor
        .updateTable("product_variants")
        .set({ ...columns, unit_price_cents: variantUnitPrice(columns), updated_at: at })
        .where("id", "=", id)
        .execute();
    },

    /** Removes variants with their stock movements (their history goes with them). */
    async deleteVariants(executor: Executor, ids: readonly string[]) {
      if (ids.length === 0) return;
      await executor
        .deleteFrom("stock_movements")
        .where("variant_id", "in", [...ids])
        .execute();
      await executor
        .deleteFrom("product_variants")
        .where("id", "in", [...ids])
        .execute();
    },

    /** Those among `ids` that have COA batches: their lab results keep them from being removed. */
    async withBatches(executor: Executor, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await executor
        .selectFrom("batches")
        .select("variant_id")
        .distinct()
        .where("variant_id", "in", [...ids])
        .execute();
      return new Set(rows.map((row) => row.variant_id));
    },

    /** The SKUs among `skus` that variants of other products have (through the SKU's unique index). */
    async skusOfOthers(executor: Executor, productId: string, skus: readonly string[]): Promise<Set<string>> {
      if (skus.length === 0) return new Set();
      const rows = await executor
        .selectFrom("product_variants")
        .select("sku")
        .where("sku", "in", [...skus])
        .where("product_id", "<>", productId)
        .execute();
      return new Set(rows.map((row) => row.sku));
    },
  };
}

export type VariantsRepository = ReturnType<typeof createVariantsRepository>;
