/** The e-mails staff may edit (docs/decisions/042): each has a default in code and may have the shop's own words. */
export const MAIL_TEMPLATE_KINDS = [
  "verification",
  "password_reset",
  "invitation",
  "order_placed",
  "payment_received",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "order_refunded",
  "ready_for_pickup",
] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 10_000;
