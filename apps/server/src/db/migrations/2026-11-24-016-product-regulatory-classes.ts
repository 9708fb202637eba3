import { suggestRegulatoryClasses } from "@shop/shared";
import type { Kysely } from "kysely";

// Frozen. A product's regulatory classes (docs/decisions/039): one row per class,
// the primary key (product, class) reads a product's classes and the (class, product) index finds
// a class's products, on both engines. The products a shop already has are classified by the
// suggestion from their category and attributes, so none is left without a class (GENERAL when
// nothing else fits); staff correct them on the product form.

interface Row {
  id: string;
  name: string;
  product_type: string;
  flavour: string | null;
  flavour_group: string | null;
  nicotine_strength: string | null;
  slug: string;
}

type Db = Kysely<{
  products: Omit<Row, "slug"> & { master_category_id: string };
  master_categories: { id: string; slug: string };
  product_regulatory_classes: { product_id: string; class: string };
}>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("product_regulatory_classes")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("class", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_regulatory_classes_pk", ["product_id", "class"])
    .execute();
  await db.schema
    .createIndex("product_regulatory_classes_by_class")
    .on("product_regulatory_classes")
    .columns(["class", "product_id"])
    .execute();

  const typed = db as unknown as Db;
  let after = "";
  for (;;) {
    const rows: Row[] = await typed
      .selectFrom("products as p")
      .innerJoin("master_categories as c", "c.id", "p.master_category_id")
      .where("p.id", ">", after)
      .select(["p.id", "p.name", "p.product_type", "p.flavour", "p.flavour_group", "p.nicotine_strength", "c.slug"])
      .orderBy("p.id")
      .limit(500)
      .execute();
    const last = rows.at(-1);
    if (!last) break;
    const values = rows.flatMap((row) =>
      suggestRegulatoryClasses({
        categorySlug: row.slug,
        productType: row.product_type,
        name: row.name,
        flavour: row.flavour,
        flavourGroup: row.flavour_group,
        nicotineStrength: row.nicotine_strength,
      }).map((code) => ({ product_id: row.id, class: code })),
    );
    await typed.insertInto("product_regulatory_classes").values(values).execute();
    after = last.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("product_regulatory_classes").execute();
}
