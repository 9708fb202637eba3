import type { Kysely } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";
import type { MailMessage } from "./service.ts";

/** The outbox's SQL: mail waiting to be sent, claimed by one worker at a time. */
export function createMailRepository(db: Kysely<Database>) {
  return {
    async insert(
      row: { id: string; message: MailMessage & { messageId: string }; at: string },
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .insertInto("mail_outbox")
        .values({
          id: row.id,
          to_address: row.message.to,
          subject: row.message.subject,
          text_body: row.message.text,
          html_body: row.message.html,
          link: row.message.link ?? null,
          message_id: row.message.messageId,
          reply_to: row.message.replyTo ?? null,
          attempts: 0,
          next_attempt_at: row.at,
          created_at: row.at,
        })
        .execute();
    },

    /**
     * Claims up to `limit` unsent messages that are due and not claimed by a live worker, until
     * `lockUntil`. The claim re-checks the row under its write lock, so two workers (two instances
     * on one PostgreSQL) never claim the same message.
     */
    async claimDue(at: string, lockUntil: string, limit: number) {
      const due = db
        .selectFrom("mail_outbox")
        .select("id")
        .where("sent_at", "is", null)
        .where("next_attempt_at", "<=", at)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
        .orderBy("next_attempt_at")
        .limit(limit);
      return db
        .updateTable("mail_outbox")
        .set({ locked_until: lockUntil })
        .where("id", "in", due)
        .where("sent_at", "is", null)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
        .returningAll()
        .execute();
    },

    async markSent(id: string, at: string): Promise<void> {
      await db
        .updateTable("mail_outbox")
        .set({ sent_at: at, locked_until: null, last_error: null })
        .where("id", "=", id)
        .execute();
    },

    async markFailed(id: string, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
      await db
        .updateTable("mail_outbox")
        .set({ attempts, next_attempt_at: nextAttemptAt, locked_until: null, last_error: error.slice(0, 500) })
        .where("id", "=", id)
        .execute();
    },

    /** Unsent mail: how many, since when, and the last error. */
    async unsent() {
      const row = await db
        .selectFrom("mail_outbox")
        .where("sent_at", "is", null)
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")])
        .executeTakeFirstOrThrow();
      const last = await db
        .selectFrom("mail_outbox")
        .where("sent_at", "is", null)
        .where("last_error", "is not", null)
        .select(["last_error", "attempts"])
        .orderBy("next_attempt_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return { count: Number(row.n), oldest: row.oldest as string | null, lastError: last?.last_error ?? null };
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
