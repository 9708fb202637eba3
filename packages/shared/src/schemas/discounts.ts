import { z } from "zod";
import { DISCOUNT_KINDS, normalizeDiscountCode } from "../rules/discounts.ts";
import { isoDateSchema } from "./accounts.ts";
import { idSchema, staffListPage, staffListSearch } from "./common.ts";

export const DISCOUNTS_PAGE_SIZE = 50;
export const DISCOUNT_MAX_TARGETS = 200;

/** What a buyer types: letters, digits, '-' and '_', any case (kept in capitals). */
export const discountCodeSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, { error: "Please enter a code." })
  .max(30, { error: "must be at most 30 characters" })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "may hold only letters, digits, '-' and '_'" })
  .transform(normalizeDiscountCode);

const optionalDay = isoDateSchema.nullable();
const limit = (what: string) =>
  z
    .int({ error: `${what} must be a whole number of 1 or more, or empty for no limit` })
    .min(1, { error: `${what} must be 1 or more, or empty for no limit` })
    .max(1_000_000, { error: `${what} must be at most 1,000,000` })
    .nullable();

/** A discount code as staff create and edit it. */
export const discountInputSchema = z
  .strictObject({
    code: discountCodeSchema,
    description: z.string().trim().max(200, { error: "must be at most 200 characters" }).default(""),
    kind: z.enum(DISCOUNT_KINDS, { error: "must be percent or fixed" }),
    value: z.int({ error: "must be a whole number" }).min(1, { error: "must be more than 0" }),
    minSubtotalCents: z.int({ error: "must be an amount in cents" }).min(0).max(100_000_000).default(0),
    startsOn: optionalDay.default(null),
    endsOn: optionalDay.default(null),
    usageLimit: limit("The total limit").default(null),
    perBuyerLimit: limit("The limit per buyer").default(null),
    active: z.boolean().default(true),
    productIds: z.array(idSchema).max(DISCOUNT_MAX_TARGETS).default([]),
    categoryIds: z.array(idSchema).max(DISCOUNT_MAX_TARGETS).default([]),
  })
  .superRefine((input, context) => {
    if (input.kind === "percent" && input.value > 100) {
      context.addIssue({ code: "custom", path: ["value"], message: "A percentage must be from 1 to 100." });
    }
    if (input.kind === "fixed" && input.value > 100_000_000) {
      context.addIssue({ code: "custom", path: ["value"], message: "must be at most $1,000,000" });
    }
    if (input.startsOn && input.endsOn && input.endsOn < input.startsOn) {
      context.addIssue({ code: "custom", path: ["endsOn"], message: "The end must be on or after the start." });
    }
  });
export type DiscountInput = z.input<typeof discountInputSchema>;

export const DISCOUNT_STATUSES = ["active", "scheduled", "expired", "used_up", "inactive"] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
export const discountStatusLabels: Record<DiscountStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  used_up: "Used up",
  inactive: "Off",
};

export const discountSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    description: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.int().describe("Percent off (1 to 100), or US cents off"),
    minSubtotalCents: z.int().min(0).describe("The eligible goods a cart must hold"),
    startsOn: z.string().nullable().describe("First day it may be used (UTC), or null"),
    endsOn: z.string().nullable().describe("Last day it may be used (UTC), or null"),
    usageLimit: z.int().nullable().describe("Orders in total, or null for no limit"),
    perBuyerLimit: z.int().nullable().describe("Orders per buyer, or null for no limit"),
    active: z.boolean(),
    productIds: z.array(z.string()),
    categoryIds: z.array(z.string()),
    products: z.array(z.object({ id: z.string(), name: z.string(), sku: z.string() })),
    usedCount: z.int().min(0).describe("Orders that used it and were not cancelled"),
    timesUsed: z.int().min(0).describe("Every order that ever used it; a code used once cannot be deleted"),
    status: z.enum(DISCOUNT_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Discount" });
export type Discount = z.infer<typeof discountSchema>;

export const discountQuerySchema = z.strictObject({
  q: staffListSearch().describe("Words in the code or its description"),
  status: z.enum(DISCOUNT_STATUSES, { error: "must be active, scheduled, expired, used_up or inactive" }).optional(),
  page: staffListPage(),
});
export type DiscountQuery = z.input<typeof discountQuerySchema>;

export const discountListSchema = z
  .object({
    items: z.array(discountSchema.omit({ products: true })),
    total: z.int().min(0),
    page: z.int().min(1),
    pageSize: z.int().min(1),
  })
  .meta({ id: "DiscountList" });
export type DiscountList = z.infer<typeof discountListSchema>;
