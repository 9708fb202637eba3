import type { Address, ManagedUser, User } from "@shop/shared";
import { type Kysely, type Selectable, sql } from "kysely";
import { containsText } from "../../db/conditions.ts";
import type { Executor } from "../../db/database.ts";
import type { AddressesTable, Database, RoleName, TokenPurpose, UsersTable } from "../../db/types.ts";

export type UserRow = Selectable<UsersTable>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    phone: row.phone,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    createdAt: row.created_at,
  };
}

export function toManagedUser(row: UserRow): ManagedUser {
  return { ...toUser(row), disabled: row.disabled_at !== null, lastLoginAt: row.last_login_at };
}

function toAddress(row: Selectable<AddressesTable>): Address {
  return {
    id: row.id,
    fullName: row.full_name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state as Address["state"],
    zip: row.zip,
    phone: row.phone,
    isDefault: row.is_default === 1,
  };
}

export interface SessionRow {
  user: UserRow;
  lastSeenAt: string;
  idleExpiresAt: string;
  expiresAt: string;
}

export function createAccountsRepository(db: Kysely<Database>) {
  function findUserById(id: string, executor: Executor = db): Promise<UserRow | undefined> {
    return executor.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  return {
    db,
    findUserByEmail(email: string, executor: Executor = db): Promise<UserRow | undefined> {
      return executor.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
    },
    findUserById,
    insertUser(row: UserRow, executor: Executor = db) {
      return executor.insertInto("users").values(row).execute();
    },
    updateUser(id: string, changes: Partial<UserRow>, executor: Executor = db) {
      return executor.updateTable("users").set(changes).where("id", "=", id).execute();
    },
    /**
     * Sets the date of birth of an account that has none; false when it had one by then (the
     * buyer gives it once, and of two requests at the same time only one sets it).
     */
    async setFirstDateOfBirth(id: string, dateOfBirth: string, at: string, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable("users")
        .set({ date_of_birth: dateOfBirth, updated_at: at })
        .where("id", "=", id)
        .where("date_of_birth", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    countActiveOwners(executor: Executor = db): Promise<number> {
      return executor
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("role", "=", "owner")
        .where("disabled_at", "is", null)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    },
    /** Names of users by id (for who recorded a payment). */
    userNames(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("users")
        .where("id", "in", [...ids])
        .select(["id", "first_name", "last_name", "email"])
        .execute();
    },
    /** The ids of accounts whose e-mail contains `text` (a staff list's search), at most `limit`. */
    async idsWithEmailLike(text: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("users")
        .where(containsText(sql.ref("email"), text))
        .select("id")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
    hasOwner(): Promise<boolean> {
      return db.selectFrom("users").select("id").where("role", "=", "owner").limit(1).executeTakeFirst().then(Boolean);
    },
    async listUsers(options: { roles: readonly RoleName[]; q?: string; page: number; pageSize: number }) {
      let query = db.selectFrom("users").where("role", "in", options.roles);
      if (options.q) {
        const q = options.q;
        query = query.where((eb) =>
          eb.or([containsText(sql.ref("email"), q), containsText(sql`first_name || ' ' || last_name`, q)]),
        );
      }
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(options.pageSize)
          .offset((options.page - 1) * options.pageSize)
          .execute(),
        query
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count)),
      ]);
      return { rows, total };
    },

    insertSession(
      row: {
        idHash: string;
        userId: string;
        now: string;
        idleExpiresAt: string;
        expiresAt: string;
        userAgent: string | null;
      },
      executor: Executor = db,
    ) {
      return executor
        .insertInto("sessions")
        .values({
          id_hash: row.idHash,
          user_id: row.userId,
          created_at: row.now,
          last_seen_at: row.now,
          idle_expires_at: row.idleExpiresAt,
          expires_at: row.expiresAt,
          user_agent: row.userAgent,
        })
        .execute();
    },
    async findSession(idHash: string): Promise<SessionRow | undefined> {
      const session = await db.selectFrom("sessions").selectAll().where("id_hash", "=", idHash).executeTakeFirst();
      if (!session) return undefined;
      const user = await findUserById(session.user_id);
      if (!user) return undefined;
      return {
        user,
        lastSeenAt: session.last_seen_at,
        idleExpiresAt: session.idle_expires_at,
        expiresAt: session.expires_at,
      };
    },
    touchSession(idHash: string, lastSeenAt: string, idleExpiresAt: string) {
      return db
        .updateTable("sessions")
        .set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt })
        .where("id_hash", "=", idHash)
        .execute();
    },
    deleteSession(idHash: string) {
      return db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    },
    deleteSessionsOfUser(userId: string, executor: Executor = db) {
      return executor.deleteFrom("sessions").where("user_id", "=", userId).execute();
    },
    deleteExpiredSessions(now: string) {
      return db
        .deleteFrom("sessions")
        .where((eb) => eb.or([eb("expires_at", "<=", now), eb("idle_expires_at", "<=", now)]))
        .execute();
    },

    insertToken(
      row: { tokenHash: string; userId: string; purpose: TokenPurpose; email: string; now: string; expiresAt: string },
      executor: Executor = db,
    ) {
      return executor
        .insertInto("account_tokens")
        .values({
          token_hash: row.tokenHash,
          user_id: row.userId,
          purpose: row.purpose,
          email: row.email,
          created_at: row.now,
          expires_at: row.expiresAt,
          used_at: null,
        })
        .execute();
    },
    /**
     * Marks a live token of this purpose used and returns it; undefined when it is unknown,
     * used, expired or for another purpose. One conditional UPDATE, so two requests with the
     * same token cannot both succeed.
     */
    async useToken(tokenHash: string, purpose: TokenPurpose, now: string, executor: Executor) {
      const result = await executor
        .updateTable("account_tokens")
        .set({ used_at: now })
        .where("token_hash", "=", tokenHash)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return executor.selectFrom("account_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
    },
    /** Older links stop working when a new one is sent or one is used. */
    retireTokens(userId: string, purpose: TokenPurpose, now: string, executor: Executor = db) {
      return executor
        .updateTable("account_tokens")
        .set({ used_at: now })
        .where("user_id", "=", userId)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .execute();
    },

    async listAddresses(userId: string): Promise<Address[]> {
      const rows = await db
        .selectFrom("addresses")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("is_default", "desc")
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toAddress);
    },
    async findAddress(userId: string, id: string, executor: Executor = db): Promise<Address | undefined> {
      const row = await executor
        .selectFrom("addresses")
        .selectAll()
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .executeTakeFirst();
      return row && toAddress(row);
    },
    countAddresses(userId: string, executor: Executor = db): Promise<number> {
      return executor
        .selectFrom("addresses")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    },
    insertAddress(row: Selectable<AddressesTable>, executor: Executor) {
      return executor.insertInto("addresses").values(row).execute();
    },
    updateAddress(userId: string, id: string, changes: Partial<Selectable<AddressesTable>>, executor: Executor) {
      return executor
        .updateTable("addresses")
        .set(changes)
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .executeTakeFirst();
    },
    clearDefaultAddress(userId: string, executor: Executor) {
      return executor.updateTable("addresses").set({ is_default: 0 }).where("user_id", "=", userId).execute();
    },
    deleteAddress(userId: string, id: string, executor: Executor = db) {
      return executor.deleteFrom("addresses").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
