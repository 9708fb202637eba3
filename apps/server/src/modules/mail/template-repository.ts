import type { Kysely } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database, MailTemplatesTable } from "../../db/types.ts";

export type MailTemplateRow = MailTemplatesTable;

/** The shop's saved e-mail templates: one row per kind it changed. */
export function createMailTemplateRepository(db: Kysely<Database>) {
  return {
    all(): Promise<MailTemplateRow[]> {
      return db.selectFrom("mail_templates").selectAll().execute();
    },

    /** In the caller's transaction when given, so a mail is written with the words saved at that moment. */
    find(kind: string, executor: Executor = db): Promise<MailTemplateRow | undefined> {
      return executor.selectFrom("mail_templates").selectAll().where("kind", "=", kind).executeTakeFirst();
    },

    async save(row: MailTemplateRow): Promise<void> {
      await db
        .insertInto("mail_templates")
        .values(row)
        .onConflict((oc) =>
          oc.column("kind").doUpdateSet({
            subject: row.subject,
            body: row.body,
            updated_by: row.updated_by,
            updated_by_name: row.updated_by_name,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },

    async remove(kind: string): Promise<void> {
      await db.deleteFrom("mail_templates").where("kind", "=", kind).execute();
    },
  };
}

export type MailTemplateRepository = ReturnType<typeof createMailTemplateRepository>;
