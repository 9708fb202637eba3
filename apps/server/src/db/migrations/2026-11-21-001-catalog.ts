import { type Kysely, sql } from "kysely";

// Frozen: a released migration is never edited; later changes get a new file.
// One schema for both engines: text ids and timestamps, integer cents and 0/1 flags.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("images")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("width", "integer", (c) => c.notNull().check(sql`width > 0`))
    .addColumn("height", "integer", (c) => c.notNull().check(sql`height > 0`))
    .addColumn("widths", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("master_categories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_key", "text", (c) => c.references("images.key"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  const flag = (name: string) => sql`check (${sql.ref(name)} in (0, 1))`;
  const nonNegative = (name: string) => sql`check (${sql.ref(name)} >= 0)`;
  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("product_type", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(flag("featured")))
    .addColumn("master_category_id", "text", (c) => c.notNull().references("master_categories.id").onDelete("restrict"))
    .addColumn("brand", "text")
    .addColumn("strain_name", "text")
    .addColumn("strain_type", "text")
    .addColumn("flavour", "text")
    .addColumn("flavour_group", "text")
    .addColumn("size", "text")
    .addColumn("weight", "text")
    .addColumn("battery", "text")
    .addColumn("liquid", "text")
    .addColumn("nicotine_strength", "text")
    .addColumn("nicotine_strength_detail", "text")
    .addColumn("puffs_9000_per_device", "integer", (c) =>
      c.notNull().defaultTo(0).modifyEnd(flag("puffs_9000_per_device")),
    )
    .addColumn("coil", "text")
    .addColumn("type_c_rechargeable_port", "integer", (c) =>
      c.notNull().defaultTo(0).modifyEnd(flag("type_c_rechargeable_port")),
    )
    .addColumn("price_cents", "integer", (c) => c.modifyEnd(nonNegative("price_cents")))
    .addColumn("distro_price_cents", "integer", (c) => c.modifyEnd(nonNegative("distro_price_cents")))
    .addColumn("selling_price_pcs_cents", "integer", (c) => c.modifyEnd(nonNegative("selling_price_pcs_cents")))
    .addColumn("selling_price_box_cents", "integer", (c) => c.modifyEnd(nonNegative("selling_price_box_cents")))
    .addColumn("pcs_per_pack", "integer", (c) => c.check(sql`pcs_per_pack > 0`))
    .addColumn("pack_per_box", "integer", (c) => c.check(sql`pack_per_box > 0`))
    .addColumn("delivery_available", "integer", (c) => c.notNull().defaultTo(1).modifyEnd(flag("delivery_available")))
    .addColumn("in_store_stock_available", "integer", (c) =>
      c.notNull().defaultTo(0).modifyEnd(flag("in_store_stock_available")),
    )
    .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(nonNegative("stock")))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1).modifyEnd(flag("active")))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("products_category_listing")
    .on("products")
    .columns(["master_category_id", "active", "created_at"])
    .execute();
  await db.schema.createIndex("products_listing").on("products").columns(["active", "created_at"]).execute();
  await db.schema
    .createIndex("products_featured_listing")
    .on("products")
    .columns(["featured", "active", "created_at"])
    .execute();

  await db.schema
    .createTable("product_images")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("image_key", "text", (c) => c.notNull().references("images.key"))
    .addColumn("position", "integer", (c) => c.notNull().modifyEnd(nonNegative("position")))
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addUniqueConstraint("product_images_position", ["product_id", "position"])
    .execute();

  await db.schema
    .createTable("banners")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_key", "text", (c) => c.references("images.key"))
    .addColumn("link_url", "text")
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1).modifyEnd(flag("is_active")))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["banners", "product_images", "products", "master_categories", "images"]) {
    await db.schema.dropTable(table).execute();
  }
}
