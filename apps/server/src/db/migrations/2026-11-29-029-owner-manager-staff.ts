import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen. Roles with areas (docs/decisions/077): super admins become Owners, staff
// stay Staff, and Managers come in between. Down makes Owners super admins again and Managers
// plain staff (the old roles had nothing between, and staff is the one that can do less).
const ROLES_AFTER = ["customer", "staff", "manager", "owner"];
const ROLES_BEFORE = ["customer", "staff", "super_admin"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await changeRoles(db, ROLES_AFTER, sql`case role when 'super_admin' then 'owner' else role end`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await changeRoles(
    db,
    ROLES_BEFORE,
    sql`case role when 'owner' then 'super_admin' when 'manager' then 'staff' else role end`,
  );
}

/** Gives users.role the allowed values `roles`, each stored role turned into `converted`'s. */
async function changeRoles(db: Kysely<unknown>, roles: string[], converted: ReturnType<typeof sql>): Promise<void> {
  const allowed = sql.join(roles.map((role) => sql.lit(role)));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table users drop constraint users_role_check`.execute(db);
    await sql`update users set role = ${converted}`.execute(db);
    await sql`alter table users add constraint users_role_check check (role in (${allowed}))`.execute(db);
    return;
  }
  // SQLite cannot change a CHECK constraint in place, and rebuilding users would touch every table
  // that refers to it; a new column with the new constraint takes the old one's values and name.
  await db.schema.dropIndex("users_role_created").execute();
  await db.schema
    .alterTable("users")
    .addColumn("role_next", "text", (c) => c.notNull().defaultTo("customer").check(sql`role_next in (${allowed})`))
    .execute();
  await sql`update users set role_next = ${converted}`.execute(db);
  await db.schema.alterTable("users").dropColumn("role").execute();
  await db.schema.alterTable("users").renameColumn("role_next", "role").execute();
  await db.schema.createIndex("users_role_created").on("users").columns(["role", "created_at"]).execute();
}
