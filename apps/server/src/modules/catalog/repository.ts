import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.ts";

export interface ProductFilter {
  ids?: string[] | undefined;
  categoryId?: string | undefined;
  featured?: boolean | undefined;
}

/** Filters on products' own columns only, so that counting needs no join and uses an index. */
function productFilter(filter: ProductFilter) {
  return (eb: ExpressionBuilder<{ p: Database["products"] }, "p">) => {
    const conditions = [eb("p.active", "=", 1)];
    if (filter.ids !== undefined) conditions.push(eb("p.id", "in", filter.ids));
    if (filter.categoryId !== undefined) conditions.push(eb("p.master_category_id", "=", filter.categoryId));
    if (filter.featured !== undefined) conditions.push(eb("p.featured", "=", filter.featured ? 1 : 0));
    return eb.and(conditions);
  };
}

export function createCatalogRepository(db: Kysely<Database>) {
  const summaryColumns = [
    "p.id",
    "p.sku",
    "p.name",
    "p.product_type",
    "p.brand",
    "p.flavour",
    "p.strain_type",
    "p.nicotine_strength",
    "p.featured",
    "p.price_cents",
    "p.selling_price_pcs_cents",
    "p.selling_price_box_cents",
    "p.pcs_per_pack",
    "p.pack_per_box",
    "p.stock",
    "c.id as category_id",
    "c.name as category_name",
    "c.slug as category_slug",
    "i.key as image_key",
    "i.width as image_width",
    "i.height as image_height",
    "i.widths as image_widths",
    "pi.alt as image_alt",
  ] as const;

  /** Products with their category and main image (position 0). */
  function productsWithCategoryAndMainImage() {
    return db
      .selectFrom("products as p")
      .innerJoin("master_categories as c", "c.id", "p.master_category_id")
      .leftJoin("product_images as pi", (join) => join.onRef("pi.product_id", "=", "p.id").on("pi.position", "=", 0))
      .leftJoin("images as i", "i.key", "pi.image_key");
  }

  return {
    async listCategories() {
      return db
        .selectFrom("master_categories as c")
        .leftJoin("images as i", "i.key", "c.image_key")
        .select((eb) => [
          "c.id",
          "c.name",
          "c.slug",
          "c.description",
          "i.key as image_key",
          "i.width as image_width",
          "i.height as image_height",
          "i.widths as image_widths",
          eb
            .selectFrom("products as p")
            .whereRef("p.master_category_id", "=", "c.id")
            .where("p.active", "=", 1)
            .select(sql<number>`count(*)`.as("n"))
            .as("product_count"),
        ])
        .orderBy("c.position")
        .orderBy("c.name")
        .execute();
    },

    async findCategoryId(slug: string): Promise<string | undefined> {
      const row = await db.selectFrom("master_categories").where("slug", "=", slug).select("id").executeTakeFirst();
      return row?.id;
    },

    async countProducts(filter: ProductFilter): Promise<number> {
      const row = await db
        .selectFrom("products as p")
        .where(productFilter(filter))
        .select(sql<number | string>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async listProducts(filter: ProductFilter, page: { offset: number; limit: number }) {
      return productsWithCategoryAndMainImage()
        .where(productFilter(filter))
        .select(summaryColumns)
        .orderBy("p.created_at", "desc")
        .orderBy("p.id", "desc")
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    async findProduct(id: string) {
      return productsWithCategoryAndMainImage()
        .where("p.id", "=", id)
        .where("p.active", "=", 1)
        .selectAll("p")
        .select(summaryColumns)
        .executeTakeFirst();
    },

    async listProductImages(productId: string) {
      return db
        .selectFrom("product_images as pi")
        .innerJoin("images as i", "i.key", "pi.image_key")
        .where("pi.product_id", "=", productId)
        .select(["i.key", "i.width", "i.height", "i.widths", "pi.alt"])
        .orderBy("pi.position")
        .execute();
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
