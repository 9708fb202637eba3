import { z } from "zod";
import { LOT_NUMBER_PATTERN } from "../constants/coas.ts";
import {
  DOCUMENT_LIST_TYPES,
  DOCUMENT_NOTES_MAX,
  DOCUMENT_QUERY_MAX_LENGTH,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_TYPES,
  DOCUMENTS_MAX_PAGE_SIZE,
  DOCUMENTS_PAGE_SIZE,
} from "../constants/documents.ts";
import { normalizeLotNumber } from "../rules/coa.ts";
import { isCalendarDay } from "../rules/days.ts";
import { pageCounts, pageQuery, queryBoolean, searchText } from "./common.ts";

/** The messages of the document form, written once for the form and the server. */
export const DOCUMENT_MESSAGES = {
  type: "Choose what kind of document this is.",
  title: "Enter the document's title.",
  issuedOn: "Enter the date the document was issued.",
  date: "Enter a real date (month, day and year).",
  issuedInFuture: "The issue date cannot be in the future.",
  expiresBeforeIssued: "The expiry date cannot be before the issue date.",
  lotNumber: "A batch number has 2 to 40 letters, digits and hyphens, as printed on the package.",
  productNotFound: "There is no such product. Choose one from the list.",
  file: "Choose the document: a PDF, JPEG, PNG or WebP file.",
} as const;

/** Blank (or left out, or null) is no value. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .transform((value) => value || null);

const day = z
  .string({ error: DOCUMENT_MESSAGES.issuedOn })
  .trim()
  .min(1, { error: DOCUMENT_MESSAGES.issuedOn, abort: true })
  .refine(isCalendarDay, { error: DOCUMENT_MESSAGES.date });

const optionalDay = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isCalendarDay(value), { error: DOCUMENT_MESSAGES.date });

/**
 * A document's details, as the Upload Document form sends them (multipart text fields) and as
 * an edit sends them (JSON): every field each time, a blank optional field clears it.
 */
export const documentFieldsSchema = z
  .strictObject({
    type: z.enum(DOCUMENT_TYPES, { error: DOCUMENT_MESSAGES.type }),
    title: z
      .string({ error: DOCUMENT_MESSAGES.title })
      .trim()
      .min(1, { error: DOCUMENT_MESSAGES.title })
      .max(DOCUMENT_TITLE_MAX, { error: `must be at most ${DOCUMENT_TITLE_MAX} characters` }),
    productId: optionalText(64).describe("The product the document is about, if any"),
    lotNumber: z
      .string()
      .nullish()
      .transform((value) => (value ? normalizeLotNumber(value) : null))
      .refine((value) => value === null || LOT_NUMBER_PATTERN.test(value), { error: DOCUMENT_MESSAGES.lotNumber })
      .describe("The batch (lot number on the package) the document is about, if any"),
    issuedOn: day.describe("YYYY-MM-DD"),
    expiresOn: optionalDay.describe("YYYY-MM-DD; none for a document that does not expire"),
    notes: optionalText(DOCUMENT_NOTES_MAX),
  })
  .superRefine((fields, ctx) => {
    if (fields.expiresOn !== null && fields.expiresOn < fields.issuedOn) {
      ctx.addIssue({ code: "custom", path: ["expiresOn"], message: DOCUMENT_MESSAGES.expiresBeforeIssued });
    }
  });
export type DocumentFields = z.output<typeof documentFieldsSchema>;
export type DocumentFieldsInput = z.input<typeof documentFieldsSchema>;

export const documentSchema = z
  .object({
    id: z.string().describe("The document's id; a COA's is coa: and its lot number"),
    type: z.enum(DOCUMENT_LIST_TYPES),
    title: z.string(),
    product: z.object({ id: z.string(), name: z.string(), sku: z.string() }).nullable(),
    lotNumber: z.string().nullable(),
    label: z
      .string()
      .nullable()
      .describe(
        'What it is about, in words: the product\'s name and/or the lot ("Mango Ice · Lot ABC-1"); null for neither',
      ),
    issuedOn: z.string().describe("YYYY-MM-DD; a COA's report date"),
    expiresOn: z.string().nullable(),
    expiresSoon: z.boolean().describe("Expires within 30 days (UTC), the 30th day included"),
    expired: z.boolean().describe("Its expiry date has passed (it is valid through that day)"),
    notes: z.string().nullable(),
    file: z.object({
      url: z.string().describe("Staff download its file here (a COA's is its public PDF)"),
      contentType: z.string(),
      bytes: z.int().min(1),
    }),
    uploadedBy: z.string().nullable().describe("Who uploaded it, named as they were then; null for a COA"),
    uploadedAt: z.string().nullable(),
    editable: z.boolean().describe("False for a COA: it is changed under Lab Results"),
  })
  .meta({ id: "Document" });
export type ShopDocument = z.infer<typeof documentSchema>;

export const documentListQuerySchema = z.strictObject({
  ...pageQuery({ default: DOCUMENTS_PAGE_SIZE, max: DOCUMENTS_MAX_PAGE_SIZE }),
  type: z.enum(DOCUMENT_LIST_TYPES, { error: `must be one of ${DOCUMENT_LIST_TYPES.join(", ")}` }).optional(),
  q: searchText(DOCUMENT_QUERY_MAX_LENGTH).describe("Words of the title, notes, product name or lot number"),
  expiring: queryBoolean.optional().describe("true: only documents that expire within 30 days or have expired"),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;
export type DocumentListFilter = z.output<typeof documentListQuerySchema>;

export const documentListSchema = z
  .object({
    items: z.array(documentSchema).describe("Newest issue date first"),
    total: z.int().min(0),
    ...pageCounts(),
  })
  .meta({ id: "DocumentList" });
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

/** The licenses the dashboard home warns about. */
export const licenseExpirySchema = z.object({
  expiringSoon: z.int().min(0).describe("Licenses that expire within 30 days"),
  expired: z.int().min(0).describe("Licenses whose expiry date has passed"),
});
export type LicenseExpiry = z.infer<typeof licenseExpirySchema>;
