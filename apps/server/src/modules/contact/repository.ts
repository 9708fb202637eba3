import type { Kysely } from "kysely";
import type { ContactMessagesTable, Database } from "../../db/types.ts";

export function createContactRepository(db: Kysely<Database>) {
  return {
    async insertMessage(message: ContactMessagesTable): Promise<void> {
      await db.insertInto("contact_messages").values(message).execute();
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
