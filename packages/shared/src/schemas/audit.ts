import { z } from "zod";
import { AUDIT_KINDS } from "../constants/audit.ts";

const day = z.iso.date({ error: "must be a date as YYYY-MM-DD" });

/** The audit log's filters: who, what kind, from and to a day (both included), and the page after a cursor. */
export const auditQuerySchema = z.strictObject({
  actor: z.string().trim().max(64, { error: "must be at most 64 characters" }).optional().describe("A user's id"),
  kind: z.enum(AUDIT_KINDS, { error: `must be one of ${AUDIT_KINDS.join(", ")}` }).optional(),
  from: day.optional().describe("The first day (UTC) shown"),
  to: day.optional().describe("The last day (UTC) shown"),
  after: z
    .string()
    .max(200, { error: "is not a cursor this list gave" })
    .optional()
    .describe("The nextCursor of the page before"),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

const values = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string().describe("When the change was saved (ISO 8601, UTC)"),
  actorId: z.string().nullable().describe("Who made it; null for the shop itself (demo data, jobs)"),
  actorName: z.string().describe("Who made it, named as they were then"),
  kind: z.enum(AUDIT_KINDS),
  subjectId: z.string(),
  subjectLabel: z.string().describe("What was changed, named as it was then"),
  action: z.string().describe("What was done, in words, e.g. 'updated'"),
  before: values.describe("The changed fields' values before; null for something created"),
  after: values.describe("The changed fields' values after; null for something deleted"),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of the audit log, newest first, and the people who appear in it (for the filter). */
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable().describe("Pass as `after` for the next page; null on the last"),
  actors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
