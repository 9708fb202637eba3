import type { ContactMessage } from "@shop/shared";
import { newId } from "../../lib/ids.ts";
import type { ContactRepository } from "./repository.ts";

export function createContactService(repository: ContactRepository) {
  return {
    async receive(message: ContactMessage): Promise<{ id: string }> {
      const id = newId();
      await repository.insertMessage({
        id,
        name: message.name,
        email: message.email,
        order_number: message.orderNumber ?? null,
        message: message.message,
        created_at: new Date().toISOString(),
        answered_at: null,
      });
      return { id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
