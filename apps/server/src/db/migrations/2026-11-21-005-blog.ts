import { type Kysely, sql } from "kysely";

// Frozen. The blog: posts in the header's three sections, written as restricted Markdown and
// rendered to HTML on the server when read. A post without published_at is a draft.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("section", "text", (c) => c.notNull().check(sql`section in ('latest', 'reviews', 'guides')`))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("cover_image_key", "text", (c) => c.references("images.key"))
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("blog_posts_section_listing")
    .on("blog_posts")
    .columns(["section", "published_at"])
    .execute();
  await db.schema.createIndex("blog_posts_listing").on("blog_posts").column("published_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_posts").execute();
}
