import { z } from "zod";
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX, MAIL_TEMPLATE_KINDS } from "../constants/mail-templates.ts";
import { formatCount } from "../rules/numbers.ts";

/** What staff type for an e-mail: its subject and its body, with {{placeholders}}. */
export const mailTemplateInputSchema = z
  .strictObject({
    subject: z
      .string({ error: "Please enter a subject." })
      .trim()
      .min(1, { error: "Please enter a subject." })
      .max(MAIL_SUBJECT_MAX, { error: `Please keep the subject under ${MAIL_SUBJECT_MAX} characters.` })
      .refine((value) => !/[\r\n]/.test(value), { error: "The subject must be one line." }),
    body: z
      .string({ error: "Please enter the e-mail's text." })
      .trim()
      .min(1, { error: "Please enter the e-mail's text." })
      .max(MAIL_BODY_MAX, { error: `Please keep the text under ${formatCount(MAIL_BODY_MAX)} characters.` }),
  })
  .meta({ id: "MailTemplateText" });
export type MailTemplateInput = z.input<typeof mailTemplateInputSchema>;

export const mailPlaceholderSchema = z.object({
  name: z.string().describe("Written {{name}} in the subject or text"),
  description: z.string(),
  block: z.boolean().describe("A block (a table) that stands alone in its paragraph of the text"),
});
export type MailPlaceholder = z.infer<typeof mailPlaceholderSchema>;

export const mailTemplateSchema = z
  .object({
    kind: z.enum(MAIL_TEMPLATE_KINDS),
    name: z.string().describe("The e-mail's name, as staff know it"),
    description: z.string().describe("When the shop sends it"),
    subject: z.string(),
    body: z.string(),
    placeholders: z.array(mailPlaceholderSchema),
    isDefault: z.boolean().describe("True while the shop has not saved its own words"),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable().describe("Who saved the shop's words, as named then"),
  })
  .meta({ id: "MailTemplate" });
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

export const mailTemplateListSchema = z.object({ items: z.array(mailTemplateSchema) }).meta({ id: "MailTemplateList" });
export type MailTemplateList = z.infer<typeof mailTemplateListSchema>;

/** An e-mail as it would go out with sample data; nothing is sent. */
export const mailPreviewSchema = z
  .object({ subject: z.string(), html: z.string(), text: z.string() })
  .meta({ id: "MailPreview" });
export type MailPreview = z.infer<typeof mailPreviewSchema>;

/** The e-mail in the address: an unknown kind is answered 404 in words by the service. */
export const mailTemplateParamsSchema = z.strictObject({
  kind: z
    .string()
    .max(40)
    .describe(`One of ${MAIL_TEMPLATE_KINDS.join(", ")}`),
});
