import type { Insertable, Kysely, Selectable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database, WholesaleAccountsTable, WholesaleDocumentsTable } from "../../db/types.ts";

export type WholesaleAccountRow = Selectable<WholesaleAccountsTable>;
export type WholesaleDocumentRow = Selectable<WholesaleDocumentsTable>;

/** Wholesale accounts and their licences and certificates (docs/decisions/102). */
export function createWholesaleRepository(db: Kysely<Database>) {
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

    async accountOf(userId: string, executor: Executor = db): Promise<WholesaleAccountRow | undefined> {
      return executor.selectFrom("wholesale_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
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
  };
}

export type WholesaleRepository = ReturnType<typeof createWholesaleRepository>;
