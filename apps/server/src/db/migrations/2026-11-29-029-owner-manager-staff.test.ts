import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ demoData: false, env: TEST_ADMIN_ENV });
});
afterAll(() => shop.close());

const migrator = () => new Migrator({ db: shop.app.db.kysely, provider: migrationProvider });
const BEFORE = "2026-11-28-028-thc-per-container";

async function rolesByEmail(): Promise<Record<string, string>> {
  const rows = await shop.app.db.kysely.selectFrom("users").select(["email", "role"]).execute();
  return Object.fromEntries(rows.map((row) => [row.email, row.role]));
}

/** A user row like the first Owner's, with another e-mail and role (a role the schema of the moment allows). */
async function addUser(email: string, role: string): Promise<void> {
  const db = shop.app.db.kysely;
  const owner = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", TEST_ADMIN.email)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("users")
    .values({ ...owner, id: `user-${email}`, email, role: role as "staff" })
    .execute();
}

describe("migration 029 (Owner, Manager, Staff)", () => {
  it("makes super admins Owners and keeps staff and customers, and down turns them back", async () => {
    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    expect((await rolesByEmail())[TEST_ADMIN.email]).toBe("super_admin");
    await addUser("second-admin@shop.test", "super_admin");
    await addUser("clerk@shop.test", "staff");
    await addUser("buyer@shop.test", "customer");
    // The old schema knows no Managers.
    await expect(addUser("early-manager@shop.test", "manager")).rejects.toThrow();

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    expect(await rolesByEmail()).toEqual({
      [TEST_ADMIN.email]: "owner",
      "second-admin@shop.test": "owner",
      "clerk@shop.test": "staff",
      "buyer@shop.test": "customer",
    });
    await addUser("manager@shop.test", "manager");
    await expect(addUser("late-admin@shop.test", "super_admin")).rejects.toThrow();
    // The role still cannot be left empty.
    await expect(
      shop.app.db.kysely
        .updateTable("users")
        .set({ role: null as unknown as "staff" })
        .where("email", "=", "clerk@shop.test")
        .execute(),
    ).rejects.toThrow();

    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    expect(await rolesByEmail()).toEqual({
      [TEST_ADMIN.email]: "super_admin",
      "second-admin@shop.test": "super_admin",
      "clerk@shop.test": "staff",
      "buyer@shop.test": "customer",
      "manager@shop.test": "staff",
    });

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    expect((await rolesByEmail())[TEST_ADMIN.email]).toBe("owner");
    // The list of staff by role and age still has its index.
    const staff = await shop.app.db.kysely
      .selectFrom("users")
      .select("email")
      .where("role", "in", ["staff", "manager", "owner"])
      .orderBy("created_at")
      .execute();
    expect(staff.length).toBe(4);
  });
});
