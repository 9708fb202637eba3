import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

describe.skipIf(testEngine !== "postgres")("migration 010 (PostgreSQL's word counts)", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(() => shop.close());

  /** The counts kept by the triggers, and the counts worked out again from the products. */
  async function counts() {
    const db = shop.app.db.kysely;
    const kept = await sql<{ term: string; products: number }>`select term, products from product_term_counts
      where products <> 0 order by term`.execute(db);
    const fresh = await sql<{ term: string; products: number }>`select t as term, count(*)::integer as products
      from products p, unnest(string_to_array(p.search_text, ' ')) t
      where p.active = 1 and t <> '' group by t order by t collate "C"`.execute(db);
    return { kept: kept.rows, fresh: fresh.rows };
  }

  it("counts the active products of each word, and keeps counting through every kind of change", async () => {
    const db = shop.app.db.kysely;
    let { kept, fresh } = await counts();
    expect(kept.length).toBeGreaterThan(100);
    expect(kept).toEqual(fresh);

    const [one, two] = await db.selectFrom("products").select(["id", "search_text"]).orderBy("id").limit(2).execute();
    if (!one || !two) throw new Error("demo products expected");
    await db.updateTable("products").set({ active: 0 }).where("id", "in", [one.id, two.id]).execute();
    await db.updateTable("products").set({ stock: 7 }).execute();
    await db
      .updateTable("products")
      .set({ search_text: `${one.search_text} zanzibar`, active: 1 })
      .where("id", "=", one.id)
      .execute();
    await db.deleteFrom("product_images").where("product_id", "=", two.id).execute();
    await db.deleteFrom("batches").where("product_id", "=", two.id).execute();
    await db.deleteFrom("products").where("id", "=", two.id).execute();
    ({ kept, fresh } = await counts());
    expect(kept).toEqual(fresh);
    expect(kept.find((row) => row.term === "zanzibar")?.products).toBe(1);
  });

  it("goes down and up again", async () => {
    const migrator = new Migrator({ db: shop.app.db.kysely, provider: migrationProvider });
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const { kept, fresh } = await counts();
    expect(kept).toEqual(fresh);
  });
});
