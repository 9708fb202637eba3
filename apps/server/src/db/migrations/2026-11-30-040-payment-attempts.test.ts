import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ demoData: false });
});
afterAll(() => shop.close());

const THIS = "2026-11-30-040-payment-attempts";

describe("migration 040 (card attempts made while placing)", () => {
  it("goes down and up again, and refuses an operation or status the shop does not know", async () => {
    const db = shop.app.db.kysely;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    expect((await migrator.migrateTo(names[names.indexOf(THIS) - 1] as string)).error).toBeUndefined();
    await expect(sql`select count(*) from payment_attempts`.execute(db)).rejects.toThrow();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const { id: userId } = await db
      .insertInto("users")
      .values({
        id: "attempt-buyer",
        email: "attempt@shop.test",
        password_hash: "x",
        first_name: "A",
        last_name: "B",
        role: "customer",
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const attempt = (changes: Record<string, unknown>) =>
      db
        .insertInto("payment_attempts")
        .values({
          id: `a-${Math.random()}`,
          user_id: userId,
          attempt_key: `k-${Math.random()}`,
          order_id: "o1",
          order_number: "AAAA-BBBB",
          provider: "authorize-net",
          operation: "authorize",
          status: "declined",
          amount_cents: 1000,
          reference: null,
          message: "Your card was declined.",
          raw: "{}",
          released_at: null,
          created_at: new Date().toISOString(),
          ...changes,
        } as never)
        .execute();
    await attempt({});
    await expect(attempt({ operation: "refund" })).rejects.toThrow();
    await expect(attempt({ status: "pending" })).rejects.toThrow();
    await expect(attempt({ amount_cents: -1 })).rejects.toThrow();
  });
});
