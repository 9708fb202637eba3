import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

const migrator = () => new Migrator({ db: shop.app.db.kysely, provider: migrationProvider });
const categories = (db = shop.app.db.kysely) =>
  db.selectFrom("master_categories").select(["id", "name", "slug"]).orderBy("created_at").orderBy("id").execute();

describe("migration 033 (category names unique whatever their case)", () => {
  it("keeps the oldest of a name as it is, numbers the later ones, then refuses a second of a name", async () => {
    const db = shop.app.db.kysely;
    const down = await migrator().migrateTo("2026-11-29-032-sold-nowhere");
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toContain("2026-11-29-033-category-names-unique");
    const candy = (await categories()).find((c) => c.name === "Candy");
    const at = (n: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, n)).toISOString();
    const twins = [
      { id: "twin-1", name: "candy", slug: "candy-2", created_at: at(1) },
      { id: "twin-2", name: "Candy (2)", slug: "candy-2-2", created_at: at(2) },
      { id: "twin-3", name: "CANDY", slug: "candy-3", created_at: at(3) },
    ];
    for (const twin of twins) {
      await db
        .insertInto("master_categories")
        .values({ ...twin, description: "", image_key: null, position: 99, updated_at: twin.created_at })
        .execute();
    }

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const after = await categories();
    expect(after.find((c) => c.id === candy?.id)?.name).toBe("Candy");
    expect(Object.fromEntries(after.filter((c) => c.id.startsWith("twin-")).map((c) => [c.id, c.name]))).toEqual({
      "twin-1": "candy (3)",
      "twin-2": "Candy (2)",
      "twin-3": "CANDY (4)",
    });
    // Slugs, and everything else, are as they were.
    expect(after.filter((c) => c.id.startsWith("twin-")).map((c) => c.slug)).toEqual([
      "candy-2",
      "candy-2-2",
      "candy-3",
    ]);
    await expect(
      db
        .insertInto("master_categories")
        .values({
          id: "twin-4",
          name: "cAnDy",
          slug: "candy-4",
          description: "",
          image_key: null,
          position: 99,
          created_at: at(4),
          updated_at: at(4),
        })
        .execute(),
    ).rejects.toThrow();
  });
});
