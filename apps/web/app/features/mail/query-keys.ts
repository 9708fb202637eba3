/** TanStack Query keys of the e-mail template screens; a save or reset refreshes the list and the template. */
export const mailTemplateKeys = {
  all: ["mail-templates"] as const,
  list: ["mail-templates", "list"] as const,
  detail: (kind: string) => ["mail-templates", "detail", kind] as const,
  preview: (kind: string, subject: string, body: string) => ["mail-templates", "preview", kind, subject, body] as const,
};
