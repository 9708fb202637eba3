import type { StoreProfile } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import type { ContactMessagesTable } from "../../db/types.ts";
import { letter } from "../mail/letter.ts";
import type { MailMessage } from "../mail/service.ts";

/** "November 24, 2026 at 1:40 PM UTC": one form for both letters, whoever reads them where. */
const when = (iso: string) => `${formatDate(iso, "utcMoment")} UTC`;

/**
 * Tells the shop's own address of a new message: who wrote, what, and the link
 * to it in the inbox. A plain letter, not a template: it goes to the shop, never to a buyer
 * (docs/decisions/051).
 */
export function newMessageNotice(message: ContactMessagesTable, publicUrl: string, store: StoreProfile): MailMessage {
  return letter({
    to: store.email,
    shopName: store.name,
    subject: `New message from ${message.name} on the contact form`,
    greeting: `${message.name} wrote on the Contact Us page:`,
    paragraphs: [message.message],
    table: [
      ["Name", message.name],
      ["E-mail", message.email],
      ...(message.order_number ? [["Order number", message.order_number] as [string, string]] : []),
      ["Received", when(message.created_at)],
    ],
    action: { label: "Open it in the inbox", url: `${publicUrl}/dashboard/inbox/${message.id}` },
    after: ["Reply from the dashboard: the answer goes to the sender by e-mail and is kept with the message."],
  });
}

/**
 * Staff's reply to the sender: their words as written (escaped by the layout like every value),
 * then the message it answers. A plain letter, not a template: the words are new each time.
 */
export function replyLetter(message: ContactMessagesTable, body: string, store: StoreProfile): MailMessage {
  return letter({
    to: message.email,
    shopName: store.name,
    subject: `Re: your message to ${store.name}`,
    greeting: `Hello ${message.name.split(" ")[0] || "there"},`,
    paragraphs: [body],
    after: [
      `You wrote to us on ${when(message.created_at)}:`,
      message.message
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n"),
      `To answer, write to ${store.email} or use the Contact Us page.`,
    ],
  });
}
