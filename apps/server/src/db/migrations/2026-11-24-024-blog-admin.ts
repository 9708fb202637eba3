import { type Kysely, sql } from "kysely";

// Frozen. The blog admin (docs/decisions/058): a post is a draft or published
// by its own status, so a draft keeps the publish date staff planned for it (before, a draft was
// a post without published_at). Existing posts without a date become drafts. The index serves
// the dashboard's list, last changed first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("blog_posts")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published").check(sql`status in ('draft', 'published')`))
    .execute();
  await sql`update blog_posts set status = 'draft' where published_at is null`.execute(db);
  await db.schema.createIndex("blog_posts_by_updated").on("blog_posts").columns(["updated_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("blog_posts_by_updated").execute();
  await db.schema.alterTable("blog_posts").dropColumn("status").execute();
}
