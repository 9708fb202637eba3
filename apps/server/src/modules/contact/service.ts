import type {
  ContactInboxCount,
  ContactInboxFilter,
  ContactInboxItem,
  ContactInboxList,
  ContactInboxMessage,
  ContactMessage,
  ContactReceipt,
  StoreProfile,
  User,
} from "@shop/shared";
import { CONTACT_INBOX_PAGE_SIZE } from "@shop/shared";
import { NotFound, TooManyAttempts } from "@shop/shared/errors";
import type { ContactMessagesTable } from "../../db/types.ts";
import { createAttemptLimiter } from "../../lib/attempt-limiter.ts";
import { newId } from "../../lib/ids.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import type { AttemptStore } from "../../lib/shared-state.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { newMessageNotice, replyLetter } from "./contact-mail.ts";
import type { ContactRepository } from "./repository.ts";

/** Messages a visitor may send from one address in the window (the route's summary says it too). */
export const CONTACT_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 };

const gone = () => new NotFound("This message does not exist. It may have been removed.");

function itemOf(row: ContactMessagesTable) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    orderNumber: row.order_number,
    message: row.message,
    createdAt: row.created_at,
    handledAt: row.answered_at,
    handledBy: row.handled_by_name,
  };
}

/** Words of a search: lower-case, split on spaces, at most eight. */
const wordsOf = (q: string | undefined) => (q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

export function createContactService(
  repository: ContactRepository,
  options: {
    outbox: MailOutbox;
    publicUrl: string;
    /** The shop's profile (Settings): the notice goes to its e-mail, replies are signed with its name. */
    store: () => Promise<StoreProfile>;
    /** Where messages per address are counted: every instance's through Redis, or this one's. */
    attempts?: AttemptStore;
    now?: () => Date;
  },
) {
  const { outbox, publicUrl, store } = options;
  const now = options.now ?? (() => new Date());
  const limiter = createAttemptLimiter({
    ...CONTACT_LIMIT,
    store: options.attempts,
    now: () => now().getTime(),
  });

  async function one(id: string): Promise<ContactInboxMessage> {
    const row = await repository.find(id);
    if (!row) throw gone();
    const replies = await repository.replies(id);
    return {
      ...itemOf(row),
      replies: replies.map((reply) => ({
        id: reply.id,
        body: reply.body,
        authorName: reply.author_name,
        createdAt: reply.created_at,
      })),
    };
  }

  return {
    /**
     * Keeps a message from the Contact Us form and, in the same transaction, the notice to the
     * shop's address: both are kept or neither. The notice is sent after the answer.
     */
    async receive(message: ContactMessage, address: string): Promise<ContactReceipt> {
      const key = `contact:ip:${address}`;
      const sent = await limiter.times(key);
      if (sent.length >= CONTACT_LIMIT.max) {
        const waitMs = (sent[sent.length - CONTACT_LIMIT.max] ?? 0) + CONTACT_LIMIT.windowMs - now().getTime();
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        throw new TooManyAttempts(
          `Too many requests from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
        );
      }
      await limiter.record([key]);
      const row: ContactMessagesTable = {
        id: newId(),
        name: message.name,
        email: message.email,
        order_number: message.orderNumber ?? null,
        message: message.message,
        created_at: now().toISOString(),
        answered_at: null,
        handled_by_name: null,
      };
      await repository.db.transaction().execute(async (trx) => {
        await repository.insertMessage(row, trx);
        await outbox.enqueue(newMessageNotice(row, publicUrl, await store()), trx);
      });
      outbox.deliverSoon();
      return { id: row.id, message: "Thank you. We answer every message within one business day." };
    },

    /** The inbox: newest first, filtered and searched, one page. */
    async list(query: ContactInboxFilter): Promise<ContactInboxList> {
      const filter = { status: query.status, words: wordsOf(query.q) };
      const total = await repository.count(filter);
      const totalPages = Math.ceil(total / CONTACT_INBOX_PAGE_SIZE);
      const rows = await repository.list(filter, {
        offset: (query.page - 1) * CONTACT_INBOX_PAGE_SIZE,
        limit: CONTACT_INBOX_PAGE_SIZE,
      });
      const items: ContactInboxItem[] = rows.map((row) => ({
        ...itemOf(row),
        replyCount: Number(row.reply_count ?? 0),
      }));
      return { items, total, totalPages, currentPage: query.page };
    },

    /** The sidebar's number: messages still waiting for staff. */
    async count(): Promise<ContactInboxCount> {
      return { unhandled: await repository.count({ status: "unhandled" }) };
    },

    one,

    /** Marks a message handled (who and when are kept) or waiting again. */
    async setHandled(actor: User, id: string, handled: boolean): Promise<ContactInboxMessage> {
      const by = recordedActor(actor).name;
      const found = await repository.setHandled(id, handled ? { at: now().toISOString(), by } : null);
      if (!found) throw gone();
      return one(id);
    },

    /**
     * Sends a reply to the sender by the outbox and keeps it with the message, which is then
     * handled: the reply, the e-mail and the mark are written in one transaction, all or nothing.
     */
    async reply(actor: User, id: string, body: string): Promise<ContactInboxMessage> {
      const author = recordedActor(actor);
      const at = now().toISOString();
      await repository.db.transaction().execute(async (trx) => {
        const row = await repository.find(id, trx);
        if (!row) throw gone();
        await repository.insertReply(
          { id: newId(), message_id: id, body, author_id: author.id, author_name: author.name, created_at: at },
          trx,
        );
        await outbox.enqueue(replyLetter(row, body, await store()), trx);
        await repository.setHandled(id, { at, by: author.name }, trx);
      });
      outbox.deliverSoon();
      return one(id);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
