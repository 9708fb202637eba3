import { type Kysely, sql } from "kysely";

// Frozen. Accounts: users with a role, server-side sessions, single-use e-mail tokens and the
// buyer's address book. Session ids and tokens are stored only as SHA-256 hashes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("date_of_birth", "text")
    .addColumn("phone", "text")
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('customer', 'staff', 'super_admin')`))
    .addColumn("email_verified_at", "text")
    .addColumn("disabled_at", "text")
    .addColumn("last_login_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_role_created").on("users").columns(["role", "created_at"]).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("idle_expires_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("account_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('verify_email', 'reset_password')`))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("account_tokens_user").on("account_tokens").columns(["user_id", "purpose"]).execute();

  await db.schema
    .createTable("addresses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("line1", "text", (c) => c.notNull())
    .addColumn("line2", "text")
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("zip", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("addresses_user").on("addresses").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("addresses").execute();
  await db.schema.dropTable("account_tokens").execute();
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("users").execute();
}
