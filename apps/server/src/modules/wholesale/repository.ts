import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { containsText } from "../../db/conditions.ts";
import type { Executor } from "../../db/database.ts";
import type { Database, WholesaleAccountsTable, WholesaleDocumentsTable } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";

export type WholesaleAccountRow = Selectable<WholesaleAccountsTable>;
export type WholesaleDocumentRow = Selectable<WholesaleDocumentsTable>;
type Status = WholesaleAccountsTable["status"];

/** The staff list's filter: a status, and words of the business's name or the buyers' ids whose e-mail matched. */
export interface WholesaleAccountFilter {
  status?: Status | undefined;
  q?: { text: string; userIds: string[] } | undefined;
}

/** Wholesale accounts and their licences and certificates (docs/decisions/102). */
export function createWholesaleRepository(db: Kysely<Database>) {
  function filtered(filter: WholesaleAccountFilter) {
    let query = db.selectFrom("wholesale_accounts");
    if (filter.status) query = query.where("status", "=", filter.status);
    const q = filter.q;
    if (q) {
      query = query.where((eb) =>
        eb.or([
          containsText(eb.ref("business_name"), q.text),
          ...(q.userIds.length > 0 ? [eb("user_id", "in", q.userIds)] : []),
        ]),
      );
    }
    return query;
  }

  return {
    db,

    async insertAccount(
      executor: Executor,
      account: Insertable<WholesaleAccountsTable>,
      documents: readonly Insertable<WholesaleDocumentsTable>[],
    ): Promise<void> {
      await executor.insertInto("wholesale_accounts").values(account).execute();
      if (documents.length > 0)
        await executor
          .insertInto("wholesale_documents")
          .values([...documents])
          .execute();
    },

    async insertDocuments(
      executor: Executor,
      documents: readonly Insertable<WholesaleDocumentsTable>[],
    ): Promise<void> {
      if (documents.length > 0)
        await executor
          .insertInto("wholesale_documents")
          .values([...documents])
          .execute();
    },

    /** Changes an account that is still in status `from`; false when it is not (any more). */
    async updateAccountIn(
      executor: Executor,
      id: string,
      from: Status,
      changes: Updateable<WholesaleAccountsTable>,
    ): Promise<boolean> {
      const result = await executor
        .updateTable("wholesale_accounts")
        .set(changes)
        .where("id", "=", id)
        .where("status", "=", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Reviews the account's documents that wait (an approval or refusal of the whole account). */
    async reviewPendingDocuments(
      executor: Executor,
      accountId: string,
      review: Pick<WholesaleDocumentRow, "status" | "refusal_reason" | "reviewed_by" | "reviewed_at">,
    ): Promise<number> {
      const result = await executor
        .updateTable("wholesale_documents")
        .set(review)
        .where("account_id", "=", accountId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Reviews one document that still waits; false when it does not (any more). */
    async reviewDocument(
      executor: Executor,
      id: string,
      review: Pick<WholesaleDocumentRow, "status" | "refusal_reason" | "reviewed_by" | "reviewed_at">,
    ): Promise<boolean> {
      const result = await executor
        .updateTable("wholesale_documents")
        .set(review)
        .where("id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the account's refused documents (an application sent again replaces them); their ids. */
    async deleteRefusedDocuments(executor: Executor, accountId: string): Promise<string[]> {
      const rows = await executor
        .deleteFrom("wholesale_documents")
        .where("account_id", "=", accountId)
        .where("status", "=", "refused")
        .returning("id")
        .execute();
      return rows.map((row) => row.id);
    },

    async accountOf(userId: string, executor: Executor = db): Promise<WholesaleAccountRow | undefined> {
      return executor.selectFrom("wholesale_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
    },

    async account(id: string, executor: Executor = db): Promise<WholesaleAccountRow | undefined> {
      return executor.selectFrom("wholesale_accounts").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async document(accountId: string, id: string, executor: Executor = db): Promise<WholesaleDocumentRow | undefined> {
      return executor
        .selectFrom("wholesale_documents")
        .selectAll()
        .where("account_id", "=", accountId)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /** The business names of these buyers' accounts, whatever their status, by user id. */
    async businessNamesOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("wholesale_accounts")
        .select(["user_id", "business_name"])
        .where("user_id", "in", [...userIds])
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.business_name]));
    },

    async documentsOf(accountId: string, executor: Executor = db): Promise<WholesaleDocumentRow[]> {
      return executor
        .selectFrom("wholesale_documents")
        .selectAll()
        .where("account_id", "=", accountId)
        .orderBy("kind")
        .orderBy("state")
        .orderBy("expires_on", "desc")
        .orderBy("id")
        .execute();
    },

    /** The documents of several accounts (a page of the staff list). */
    async documentsOfAccounts(accountIds: readonly string[]): Promise<WholesaleDocumentRow[]> {
      if (accountIds.length === 0) return [];
      return db
        .selectFrom("wholesale_documents")
        .selectAll()
        .where("account_id", "in", [...accountIds])
        .execute();
    },

    count(filter: WholesaleAccountFilter): Promise<number> {
      return countRows(filtered(filter));
    },

    /** A page of the staff list: those waiting first, then newest first. */
    list(filter: WholesaleAccountFilter, page: { offset: number; limit: number }): Promise<WholesaleAccountRow[]> {
      return filtered(filter)
        .selectAll()
        .orderBy((eb) => eb.case().when("status", "=", "pending").then(0).else(1).end())
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },
  };
}

export type WholesaleRepository = ReturnType<typeof createWholesaleRepository>;
