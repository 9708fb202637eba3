import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

const THIS = "2026-11-29-030-message-ids-and-payees";

describe("migration 030 (outbox Message-IDs and Reply-To, orders' payee details)", () => {
  it("gives each message already in the outbox a Message-ID of its own, kept from then on", async () => {
    const db = shop.app.db.kysely;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const before = names[names.indexOf(THIS) - 1] as string;
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    const at = new Date().toISOString();
    for (const id of ["older-1", "older-2"]) {
      await db
        .insertInto("mail_outbox")
        .values({
          id,
          to_address: `${id}@buyer.test`,
          subject: "Before the migration",
          text_body: "Hi",
          html_body: "<p>Hi</p>",
          attempts: 0,
          next_attempt_at: at,
          created_at: at,
        } as never)
        .execute();
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom("mail_outbox")
      .where("id", "in", ["older-1", "older-2"])
      .select(["id", "message_id", "reply_to"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "older-1", message_id: "<older-1@outbox.invalid>", reply_to: null },
      { id: "older-2", message_id: "<older-2@outbox.invalid>", reply_to: null },
    ]);
    expect(await db.selectFrom("orders").where("payment_payee", "is not", null).selectAll().execute()).toEqual([]);
  });
});
