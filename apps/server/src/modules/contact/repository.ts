import type { Kysely } from "kysely";
import { containsText } from "../../db/conditions.ts";
import type { Executor } from "../../db/database.ts";
import type { ContactMessagesTable, ContactRepliesTable, Database } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";

export interface InboxFilter {
  status?: "unhandled" | "handled" | undefined;
  /** Each word must be in the name, the e-mail address, the order number or the message. */
  words?: string[] | undefined;
}

function filterBy(filter: InboxFilter) {
  return (eb: import("kysely").ExpressionBuilder<Database, "contact_messages">) => {
    const conditions = [];
    if (filter.status === "unhandled") conditions.push(eb("answered_at", "is", null));
    if (filter.status === "handled") conditions.push(eb("answered_at", "is not", null));
    for (const word of filter.words ?? []) {
      conditions.push(
        eb.or([
          containsText(eb.ref("name"), word),
          containsText(eb.ref("email"), word),
          containsText(eb.fn.coalesce("order_number", eb.val("")), word),
          containsText(eb.ref("message"), word),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

export function createContactRepository(db: Kysely<Database>) {
  return {
    db,

    async insertMessage(message: ContactMessagesTable, executor: Executor = db): Promise<void> {
      await executor.insertInto("contact_messages").values(message).execute();
    },

    count(filter: InboxFilter): Promise<number> {
      return countRows(db.selectFrom("contact_messages").where(filterBy(filter)));
    },

    /** Newest first, each with how many replies it has. */
    list(filter: InboxFilter, page: { offset: number; limit: number }) {
      return db
        .selectFrom("contact_messages")
        .where(filterBy(filter))
        .selectAll("contact_messages")
        .select((eb) =>
          eb
            .selectFrom("contact_replies")
            .whereRef("contact_replies.message_id", "=", "contact_messages.id")
            .select((inner) => inner.fn.countAll<number | string>().as("n"))
            .as("reply_count"),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    find(id: string, executor: Executor = db) {
      return executor.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
    },

    replies(messageId: string) {
      return db
        .selectFrom("contact_replies")
        .selectAll()
        .where("message_id", "=", messageId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },

    async insertReply(reply: ContactRepliesTable, executor: Executor): Promise<void> {
      await executor.insertInto("contact_replies").values(reply).execute();
    },

    /** Marks it handled (with when and who) or waiting again; false when there is no such message. */
    async setHandled(id: string, handled: { at: string; by: string } | null, executor: Executor = db) {
      const result = await executor
        .updateTable("contact_messages")
        .set({ answered_at: handled?.at ?? null, handled_by_name: handled?.by ?? null })
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
