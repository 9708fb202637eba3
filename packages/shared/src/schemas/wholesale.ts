import { z } from "zod";
import {
  WHOLESALE_BUSINESS_NAME_MAX,
  WHOLESALE_CERTIFICATES_MAX,
  WHOLESALE_DOCUMENT_KINDS,
  WHOLESALE_DOCUMENT_NUMBER_MAX,
  WHOLESALE_REFUSAL_REASON_MAX,
  WHOLESALE_STATUSES,
} from "../constants/wholesale.ts";
import { isCalendarDay } from "../rules/days.ts";
import { US_STATE_CODES } from "./addresses.ts";
import { pageCounts, pageQuery, searchText } from "./common.ts";

/** The words of the wholesale application and review, written once for the forms and the server. */
export const WHOLESALE_MESSAGES = {
  businessName: "Please enter the business's legal name.",
  ein: "Please enter the EIN as 9 digits: NN-NNNNNNN.",
  storeLine1: "Please enter the store's street address.",
  storeCity: "Please enter the store's city.",
  storeState: "Please choose the store's state.",
  storeZip: "Please enter a 5-digit ZIP code (or ZIP+4).",
  licenceNumber: "Please enter the licence number as printed on it.",
  state: "Please choose a state.",
  expiresOn: "Please enter the expiry date (month, day and year).",
  expired: "This date has passed: please send a licence or certificate that is still valid.",
  certificateNumber: "Please enter the certificate number as printed on it.",
  certificates: `Please add at least one resale certificate (at most ${WHOLESALE_CERTIFICATES_MAX}).`,
  file: "Please choose the document: a PDF, JPEG, PNG or WebP file.",
  kind: "Please choose a licence or a resale certificate.",
  reason: "Please say why, in a few words: the applicant reads it.",
  pending: "Your application is waiting for review: we e-mail you once it is decided.",
  approved: "Your wholesale account is already approved.",
} as const;

const text = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Please keep this under ${max} characters.` });

const stateCode = z.enum(US_STATE_CODES, { error: WHOLESALE_MESSAGES.state });
const expiryDay = z
  .string({ error: WHOLESALE_MESSAGES.expiresOn })
  .trim()
  .refine(isCalendarDay, { error: WHOLESALE_MESSAGES.expiresOn })
  .describe("The last day it is valid: YYYY-MM-DD, not in the past");

/** One resale certificate of an application: the state it is for, its number and expiry. */
export const wholesaleCertificateSchema = z.strictObject({
  state: stateCode,
  number: text(WHOLESALE_MESSAGES.certificateNumber, WHOLESALE_DOCUMENT_NUMBER_MAX),
  expiresOn: expiryDay,
});

/**
 * An application's details (docs/decisions/102), the files aside: the business, its EIN, the
 * ship-to store's address, the state licence, and one resale certificate per state it buys for.
 * Problems are named by field: `certificates.0.number` for the first certificate's number.
 */
export const wholesaleApplicationSchema = z.strictObject({
  businessName: text(WHOLESALE_MESSAGES.businessName, WHOLESALE_BUSINESS_NAME_MAX),
  ein: z
    .string({ error: WHOLESALE_MESSAGES.ein })
    .trim()
    .regex(/^\d{2}-\d{7}$/, { error: WHOLESALE_MESSAGES.ein }),
  storeLine1: text(WHOLESALE_MESSAGES.storeLine1, 120),
  storeLine2: z
    .string()
    .trim()
    .max(120, { error: "Please keep the second address line under 120 characters." })
    .optional()
    .transform((value) => value || null),
  storeCity: text(WHOLESALE_MESSAGES.storeCity, 80),
  storeState: z.enum(US_STATE_CODES, { error: WHOLESALE_MESSAGES.storeState }),
  storeZip: z
    .string({ error: WHOLESALE_MESSAGES.storeZip })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: WHOLESALE_MESSAGES.storeZip }),
  licenceNumber: text(WHOLESALE_MESSAGES.licenceNumber, WHOLESALE_DOCUMENT_NUMBER_MAX),
  licenceState: stateCode,
  licenceExpiresOn: expiryDay,
  certificates: z
    .array(wholesaleCertificateSchema)
    .min(1, { error: WHOLESALE_MESSAGES.certificates })
    .max(WHOLESALE_CERTIFICATES_MAX, { error: WHOLESALE_MESSAGES.certificates }),
});
export type WholesaleApplicationInput = z.input<typeof wholesaleApplicationSchema>;
export type WholesaleApplication = z.output<typeof wholesaleApplicationSchema>;

/** The text fields of the application's form, as they arrive (multipart): certificates' fields once per certificate. */
export const WHOLESALE_APPLICATION_FIELDS = [
  "businessName",
  "ein",
  "storeLine1",
  "storeLine2",
  "storeCity",
  "storeState",
  "storeZip",
  "licenceNumber",
  "licenceState",
  "licenceExpiresOn",
] as const;

/** A licence or certificate sent later (a renewal, another state's), its file aside. */
export const wholesaleDocumentFieldsSchema = z.strictObject({
  kind: z.enum(WHOLESALE_DOCUMENT_KINDS, { error: WHOLESALE_MESSAGES.kind }),
  state: stateCode,
  number: text(WHOLESALE_MESSAGES.licenceNumber, WHOLESALE_DOCUMENT_NUMBER_MAX),
  expiresOn: expiryDay,
});
export type WholesaleDocumentFields = z.output<typeof wholesaleDocumentFieldsSchema>;

export const wholesaleDocumentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(WHOLESALE_DOCUMENT_KINDS),
    state: z.string(),
    number: z.string(),
    expiresOn: z.string().describe("The last day it is valid (YYYY-MM-DD)"),
    status: z.enum(WHOLESALE_STATUSES),
    refusalReason: z.string().nullable(),
    expired: z.boolean().describe("Its last valid day has passed"),
    expiresSoon: z.boolean().describe("It expires within 30 days"),
    contentType: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "WholesaleDocument" });
export type WholesaleDocument = z.infer<typeof wholesaleDocumentSchema>;

const storeSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

/** The buyer's own wholesale account, as their page shows it. */
export const wholesaleAccountSchema = z
  .object({
    id: z.string(),
    status: z.enum(WHOLESALE_STATUSES),
    businessName: z.string(),
    ein: z.string(),
    store: storeSchema,
    termsDays: z
      .union([z.literal(15), z.literal(30)])
      .nullable()
      .describe("Net 15 or 30 days; null: no terms"),
    refusalReason: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    createdAt: z.string(),
    documents: z.array(wholesaleDocumentSchema),
  })
  .meta({ id: "WholesaleAccount" });
export type WholesaleAccount = z.infer<typeof wholesaleAccountSchema>;

/** What staff see of an account beside its details: the buyer, its orders and what it owes. */
const staffFacts = {
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  orders: z.int().min(0).describe("Its orders that were not cancelled"),
  balanceDueCents: z.int().describe("Those orders' totals less the money received on them"),
  licenceExpiresOn: z.string().nullable().describe("The earliest expiry of its current licences"),
  certificateExpiresOn: z.string().nullable().describe("The earliest expiry of its current resale certificates"),
  expiryFlag: z
    .enum(["expired", "expiring"])
    .nullable()
    .describe("An approved licence or certificate has expired, or expires within 30 days"),
};

export const wholesaleAccountRowSchema = z
  .object({
    id: z.string(),
    status: z.enum(WHOLESALE_STATUSES),
    businessName: z.string(),
    termsDays: z.union([z.literal(15), z.literal(30)]).nullable(),
    createdAt: z.string(),
    ...staffFacts,
  })
  .meta({ id: "WholesaleAccountRow" });
export type WholesaleAccountRow = z.infer<typeof wholesaleAccountRowSchema>;

export const staffWholesaleDocumentSchema = wholesaleDocumentSchema
  .extend({ fileUrl: z.string().describe("Staff download the file here") })
  .meta({ id: "StaffWholesaleDocument" });
export type StaffWholesaleDocument = z.infer<typeof staffWholesaleDocumentSchema>;

export const staffWholesaleAccountSchema = wholesaleAccountSchema
  .extend({ ...staffFacts, documents: z.array(staffWholesaleDocumentSchema) })
  .meta({ id: "StaffWholesaleAccount" });
export type StaffWholesaleAccount = z.infer<typeof staffWholesaleAccountSchema>;

export const WHOLESALE_PAGE_SIZE = 20;

export const wholesaleListQuerySchema = z.strictObject({
  ...pageQuery({ default: WHOLESALE_PAGE_SIZE, max: 100 }),
  status: z
    .enum(WHOLESALE_STATUSES, { error: `must be one of ${WHOLESALE_STATUSES.join(", ")}` })
    .optional()
    .describe("Only accounts in this status"),
  q: searchText(100).describe("Words of the business's name or the buyer's e-mail"),
});
export type WholesaleListQuery = z.input<typeof wholesaleListQuerySchema>;

export const wholesaleListSchema = z
  .object({ items: z.array(wholesaleAccountRowSchema), total: z.int().min(0), ...pageCounts() })
  .meta({ id: "WholesaleAccountList" });
export type WholesaleAccountList = z.infer<typeof wholesaleListSchema>;

export const wholesaleParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });
export const wholesaleDocumentParamsSchema = z.strictObject({
  id: z.string().min(1).max(64),
  documentId: z.string().min(1).max(64),
});

export const wholesaleApproveSchema = z.strictObject({
  termsDays: z
    .union([z.literal(15), z.literal(30), z.null()], { error: "must be 15, 30 or null (no terms)" })
    .describe("Payment terms: net 15 or net 30 days; null: the account pays as retail buyers do"),
});
export type WholesaleApprove = z.infer<typeof wholesaleApproveSchema>;

export const wholesaleRefuseSchema = z.strictObject({
  reason: z
    .string({ error: WHOLESALE_MESSAGES.reason })
    .trim()
    .min(1, { error: WHOLESALE_MESSAGES.reason })
    .max(WHOLESALE_REFUSAL_REASON_MAX, {
      error: `Please keep the reason under ${WHOLESALE_REFUSAL_REASON_MAX} characters.`,
    }),
});
export type WholesaleRefuse = z.infer<typeof wholesaleRefuseSchema>;
