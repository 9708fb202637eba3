import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ demoData: false });
});
afterAll(() => shop.close());

const migrator = () => new Migrator({ db: shop.app.db.kysely, provider: migrationProvider });

describe("migration 024 (blog admin)", () => {
  it("keeps dated posts published and makes posts without a date drafts", async () => {
    const db = shop.app.db.kysely;
    expect((await migrator().migrateTo("2026-11-24-023-discounts")).error).toBeUndefined();
    const stamp = new Date().toISOString();
    const post = (id: string, published: string | null) =>
      sql`insert into blog_posts (id, slug, section, title, excerpt, body, author_name, published_at, created_at, updated_at)
          values (${id}, ${id}, 'guides', ${id}, '', 'Hello.', 'Test', ${published}, ${stamp}, ${stamp})`.execute(db);
    await post("dated", stamp);
    await post("undated", null);

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom("blog_posts").select(["id", "status"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "dated", status: "published" },
      { id: "undated", status: "draft" },
    ]);
    await expect(
      sql`update blog_posts set status = 'hidden' where id = 'dated'`.execute(db),
      "the CHECK refuses another status",
    ).rejects.toThrow();
  });
});
