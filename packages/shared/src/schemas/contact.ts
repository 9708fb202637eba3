import { z } from "zod";

/** The Contact Us form: one schema types the form, checks it in the browser and validates the API. */
export const contactMessageSchema = z.strictObject({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, { error: "Please enter your name." })
    .max(100, { error: "Please keep your name under 100 characters." }),
  email: z
    .string({ error: "Please enter your e-mail address." })
    .trim()
    .max(254, { error: "Please enter a valid e-mail address." })
    .pipe(z.email({ error: "Please enter a valid e-mail address." })),
  orderNumber: z
    .string()
    .trim()
    .max(40, { error: "An order number is at most 40 characters." })
    .optional()
    .transform((value) => value || undefined),
  message: z
    .string({ error: "Please write your message." })
    .trim()
    .min(10, { error: "Please write at least 10 characters." })
    .max(5000, { error: "Please keep your message under 5,000 characters." }),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const contactReceiptSchema = z.object({ id: z.string(), message: z.string() }).meta({ id: "ContactReceipt" });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/** The contact inbox (docs/decisions/051): messages per page in the dashboard. */
export const CONTACT_INBOX_PAGE_SIZE = 20;
/** The inbox's filters: every message, those still waiting for staff, those handled. */
export const CONTACT_INBOX_STATUSES = ["unhandled", "handled"] as const;
export type ContactInboxStatus = (typeof CONTACT_INBOX_STATUSES)[number];

export const contactInboxQuerySchema = z.strictObject({
  page: z.coerce.number({ error: "must be a whole number" }).int().min(1).max(10_000).default(1),
  status: z
    .enum(CONTACT_INBOX_STATUSES, { error: `must be one of ${CONTACT_INBOX_STATUSES.join(", ")}` })
    .optional()
    .describe("unhandled: still waiting for staff; handled: replied to or marked handled; none: all"),
  q: z
    .string()
    .trim()
    .max(100, { error: "must be at most 100 characters" })
    .optional()
    .describe("Words of the sender's name or e-mail, the order number or the message"),
});
export type ContactInboxQuery = z.input<typeof contactInboxQuerySchema>;
export type ContactInboxFilter = z.output<typeof contactInboxQuerySchema>;

const contactReplySchema = z.object({
  id: z.string(),
  body: z.string().describe("The reply as sent, plain text"),
  authorName: z.string().describe("The staff member who sent it, named as they were then"),
  createdAt: z.string().describe("When it was sent (ISO 8601)"),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

const inboxMessageFields = {
  id: z.string(),
  name: z.string(),
  email: z.string(),
  orderNumber: z.string().nullable(),
  message: z.string(),
  createdAt: z.string().describe("When it arrived (ISO 8601)"),
  handledAt: z.string().nullable().describe("When staff replied or marked it handled; null while it waits"),
  handledBy: z.string().nullable().describe("Who did, named as they were then"),
};

export const contactInboxItemSchema = z.object({
  ...inboxMessageFields,
  replyCount: z.int().min(0),
});
export type ContactInboxItem = z.infer<typeof contactInboxItemSchema>;

export const contactInboxListSchema = z
  .object({
    items: z.array(contactInboxItemSchema).describe("Newest first"),
    total: z.int().min(0),
    totalPages: z.int().min(0),
    currentPage: z.int().min(1),
  })
  .meta({ id: "ContactInboxList" });
export type ContactInboxList = z.infer<typeof contactInboxListSchema>;

export const contactInboxMessageSchema = z
  .object({ ...inboxMessageFields, replies: z.array(contactReplySchema).describe("Oldest first") })
  .meta({ id: "ContactInboxMessage" });
export type ContactInboxMessage = z.infer<typeof contactInboxMessageSchema>;

export const contactInboxCountSchema = z
  .object({ unhandled: z.int().min(0).describe("Messages still waiting for staff") })
  .meta({ id: "ContactInboxCount" });
export type ContactInboxCount = z.infer<typeof contactInboxCountSchema>;

export const contactMessageParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

export const contactHandledSchema = z.strictObject({
  handled: z.boolean({ error: "must be true or false" }),
});

export const contactReplyInputSchema = z.strictObject({
  body: z
    .string({ error: "Please write your reply." })
    .trim()
    .min(1, { error: "Please write your reply." })
    .max(10_000, { error: "Please keep your reply under 10,000 characters." }),
});
export type ContactReplyInput = z.input<typeof contactReplyInputSchema>;
