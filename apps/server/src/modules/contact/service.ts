import type { ContactMessage } from "@shop/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { newId } from "../../lib/ids.ts";

export function createContactService(db: Kysely<Database>) {
  return {
    async receive(message: ContactMessage): Promise<{ id: string }> {
      const id = newId();
      await db
        .insertInto("contact_messages")
        .values({
          id,
          name: message.name,
          email: message.email,
          order_number: message.orderNumber ?? null,
          message: message.message,
          created_at: new Date().toISOString(),
          answered_at: null,
        })
        .execute();
      return { id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
