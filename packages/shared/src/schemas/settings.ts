import { z } from "zod";
import { DEFAULT_PAYMENT_METHODS, NO_PAYEE, PAYMENT_KINDS } from "../constants/orders.ts";
import { STORE_PROFILE_DEFAULTS } from "../constants/store.ts";
import { TERMS_PAYMENT_METHOD_ID } from "../constants/wholesale.ts";
import { LOWEST_SHOP_AGE } from "../rules/age.ts";
import { payeeProblems } from "../rules/payment.ts";
import { emailSchema, phoneSchema } from "./accounts.ts";
import { addressInputSchema, addressSchema, US_STATE_CODES } from "./addresses.ts";
import type { Image } from "./common.ts";

const payeeText = z.string().trim().max(300).default("");

/** Where the buyer sends the money (docs/decisions/078); each kind needs its own fields (PAYEE_FIELDS). */
export const paymentPayeeSchema = z
  .strictObject({
    name: payeeText,
    bankName: payeeText,
    routingNumber: payeeText,
    accountNumber: payeeText,
    zelle: payeeText,
    mailingAddress: payeeText,
  })
  .meta({ id: "PaymentPayee" });

/**
 * Payment methods as an older version saved them, brought up to date before they are read: each
 * gets its kind from its id or name ("zelle", "money order"), and no payee details.
 */
export function withPaymentKinds(saved: unknown): unknown {
  if (!Array.isArray(saved)) return saved;
  return saved.map((value: unknown) => {
    if (typeof value !== "object" || value === null || "kind" in value) return value;
    const { id, name } = value as { id?: unknown; name?: unknown };
    const words = `${String(id)} ${String(name)}`.toLowerCase();
    const kind = words.includes("zelle") ? "zelle" : /money.?order/.test(words) ? "money_order" : "bank_transfer";
    return { ...value, kind };
  });
}

const paymentMethodFields = {
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: "must be 1 to 40 lower-case letters, digits or hyphens" }),
  kind: z.enum(PAYMENT_KINDS, { error: "must be bank_transfer, zelle, money_order or card" }),
  name: z.string().trim().min(1).max(60),
  /** Shown at checkout and in the order e-mail: where and how to pay, what to write as the reference. */
  instructions: z.string().trim().min(1).max(2000),
  payee: paymentPayeeSchema.default(() => ({ ...NO_PAYEE })),
  enabled: z.boolean(),
};

/** A payment method as saved; one saved before payee details has none and is not offered. */
export const paymentMethodSchema = z.strictObject(paymentMethodFields).meta({ id: "PaymentMethod" });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** A payment method as staff save it: switched on only with every payee detail of its kind, each right. */
const paymentMethodChangeSchema = z.strictObject(paymentMethodFields).superRefine((method, context) => {
  for (const [field, message] of Object.entries(payeeProblems(method.kind, method.payee, method.enabled))) {
    context.addIssue({ code: "custom", path: ["payee", field], message });
  }
});

const eachIdOnce = (methods: readonly { id: string }[]) =>
  new Set(methods.map((method) => method.id)).size === methods.length;

/** The payment methods as staff change them (PATCH /api/settings). */
const paymentMethodsChangeSchema = z
  .array(paymentMethodChangeSchema)
  .max(10)
  .refine(eachIdOnce, { error: "each payment method needs its own id" })
  .refine((methods) => methods.every((method) => method.id !== TERMS_PAYMENT_METHOD_ID), {
    error: `"${TERMS_PAYMENT_METHOD_ID}" is kept for wholesale accounts' payment on terms: please give this method another id`,
  });

/** An optional text: empty or left out is null, and null is accepted back (settings are read again after saving). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((value) => value || null);

/** The shop's store, where buyers may pick up orders: its name in `fullName`, its address, its hours. */
export const storeAddressSchema = addressInputSchema
  .omit({ isDefault: true, line2: true, phone: true })
  .extend({
    line2: optionalText(120, "Please keep the second address line under 120 characters."),
    phone: z
      .union([z.literal(""), phoneSchema])
      .nullish()
      .transform((value) => value || null),
    hours: optionalText(200, "Please keep the opening hours under 200 characters."),
  })
  .meta({ id: "StoreAddressChange" });

/** The store's address as saved and answered: what `storeAddressSchema` gives. */
const savedStoreAddressSchema = addressSchema
  .omit({ id: true, isDefault: true })
  .extend({ hours: z.string().nullable() })
  .meta({ id: "StoreAddress" });
export type StoreAddress = z.infer<typeof savedStoreAddressSchema>;

/**
 * Who the shop is, as buyers see it: in the header and footer, on the Contact Us page, invoices
 * and packing slips, in e-mails and in search engines' structured data. The address is the
 * business's; the pickup store (`storeAddress`) is set apart.
 */
export const storeProfileSchema = addressInputSchema
  .pick({ line1: true, city: true, state: true, zip: true })
  .extend({
    name: z
      .string({ error: "Please enter the shop's name." })
      .trim()
      .min(1, { error: "Please enter the shop's name." })
      .max(60, { error: "Please keep the shop's name under 60 characters." }),
    email: emailSchema,
    phone: z
      .union([z.literal(""), phoneSchema])
      .nullish()
      .transform((value) => value || null),
    hours: optionalText(200, "Please keep the opening hours under 200 characters."),
    line2: optionalText(120, "Please keep the second address line under 120 characters."),
  })
  .meta({ id: "StoreProfileChange" });

const savedStoreProfileSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    hours: z.string().nullable(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.enum(US_STATE_CODES),
    zip: z.string(),
  })
  .meta({ id: "StoreProfile" });
export type StoreProfile = z.infer<typeof savedStoreProfileSchema>;

/** The shop's logo as stored by the image pipeline (set with PUT /api/settings/logo, not by a change). */
const storedLogoSchema = z
  .object({ key: z.string(), width: z.int(), height: z.int(), widths: z.array(z.int()) })
  .meta({ id: "StoreLogo" });

const shopAgeWords = `Please enter an age from ${LOWEST_SHOP_AGE} to 99.`;
/** An age the shop admits or sells at: whole years, never below 18. */
const shopAge = z
  .int({ error: shopAgeWords })
  .min(LOWEST_SHOP_AGE, { error: shopAgeWords })
  .max(99, { error: shopAgeWords });

/**
 * The shop's settings with their defaults. Staff will edit them in the dashboard; until a value
 * is saved, the default applies.
 */
export const shopSettingsSchema = z.object({
  /** Name, e-mail, phone, hours and address (docs/decisions/054). */
  storeProfile: savedStoreProfileSchema.default(() => ({ ...STORE_PROFILE_DEFAULTS })),
  /** The logo shown in the header instead of the name; none, and the name is shown. */
  storeLogo: storedLogoSchema.nullable().default(null),
  /** The age gate admits by birth year at this age (spec: 18); never below 18 (docs/decisions/079). */
  gateMinAge: shopAge.default(18),
  /** How long the gate's `ageVerified` cookie lasts, in days (spec: 30). */
  ageGateDays: z.int().min(1).max(365).default(30),
  /**
   * Buying needs this age by full date of birth (Terms: 21); jurisdiction rules may raise it. At
   * least 18 and the gate's age (`shopAgesProblem`, checked by the settings service on the whole).
   */
  purchaseMinAge: shopAge.default(21),
  /** Shipping for an order at or under the free-shipping threshold. */
  shippingFlatFeeCents: z.int().min(0).default(1000),
  /** Orders whose subtotal is over this ship free. */
  freeShippingOverCents: z.int().min(0).default(10000),
  /** A wholesale order's goods (before tax) must cost at least this (docs/decisions/102); 0: no minimum. */
  wholesaleMinimumOrderCents: z.int().min(0).max(100_000_000).default(0),
  /** An order still unpaid this many days after it was placed is cancelled and its stock returned. */
  unpaidCancelDays: z.int().min(1).max(90).default(7),
  /** Active products with this many pieces or fewer are listed as low on the dashboard home (staff only). */
  lowStockThreshold: z.int().min(0).max(100_000).default(5),
  /** Sales tax by state in basis points (625 = 6.25 %), on the goods; a state not listed pays none. */
  salesTaxBasisPoints: z.partialRecord(z.enum(US_STATE_CODES), z.int().min(0).max(2000)).default({}),
  /** The manual ways to pay an order (bank transfer, Zelle, money order), in the order offered. */
  paymentMethods: z
    .array(paymentMethodSchema)
    .max(10)
    .refine(eachIdOnce, { error: "each payment method needs its own id" })
    .default(() => DEFAULT_PAYMENT_METHODS.map((method) => ({ ...method, payee: { ...method.payee } }))),
  /** The store buyers may pick orders up from; none, and every order is shipped. */
  storeAddress: savedStoreAddressSchema.nullable().default(null),
  /**
   * When a card payment is taken (docs/decisions/101): held when the order is placed and taken when
   * staff ship it (the card networks' rule for goods shipped later), or taken at once.
   */
  cardCapture: z.enum(["at_shipping", "at_placing"]).default("at_shipping"),
  /** Ask the third-party age and identity check at checkout (only with a provider set up: docs/decisions/045). */
  ageVerificationAtCheckout: z.boolean().default(false),
  /** A buyer the identity check matched is not asked again for this many days (0: every order; docs/decisions/099). */
  identityVerifiedDays: z.int().min(0).max(365).default(30),
  /** An order waiting for the buyer's ID this many hours is cancelled and its stock returned. */
  verificationPendingHours: z.int().min(1).max(720).default(48),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const DEFAULT_SETTINGS: ShopSettings = shopSettingsSchema.parse({});

/** Some settings, without their defaults: a change never resets what it does not name. */
export const shopSettingsPatchSchema = z
  .strictObject(
    Object.fromEntries(
      Object.entries(shopSettingsSchema.shape).map(([key, field]) => [key, field.unwrap().optional()]),
    ) as {
      [Key in keyof typeof shopSettingsSchema.shape]: z.ZodOptional<
        ReturnType<(typeof shopSettingsSchema.shape)[Key]["unwrap"]>
      >;
    },
  )
  // The logo is uploaded on its own (PUT /api/settings/logo), never named in a change.
  .omit({ storeLogo: true })
  // The store's address and profile are checked as any address is typed (trimmed, ZIP and phone checked).
  .extend({ storeAddress: storeAddressSchema.nullable().optional(), storeProfile: storeProfileSchema.optional() })
  // A method is switched on only with its payee details, so that buyers can pay.
  .extend({ paymentMethods: paymentMethodsChangeSchema.optional() })
  .meta({ id: "ShopSettingsChange" });
export type ShopSettingsPatch = z.input<typeof shopSettingsPatchSchema>;

export const shopSettingsResponseSchema = shopSettingsSchema.meta({ id: "ShopSettings" });

/** What the storefront may know of the settings: no disabled payment method, nothing staff-only. */
export type PublicSettings = Pick<
  ShopSettings,
  | "gateMinAge"
  | "ageGateDays"
  | "purchaseMinAge"
  | "shippingFlatFeeCents"
  | "freeShippingOverCents"
  | "storeAddress"
  | "storeProfile"
> & {
  /** The logo as <img> needs it, or null for none (the name is shown). */
  storeLogo: Image | null;
  /** The payment methods offered (on, with their payee details), in order, for the checkout. */
  paymentMethods: Pick<PaymentMethod, "id" | "kind" | "name" | "instructions" | "payee">[];
};

/** Whether the server has a card gateway, and in which mode (Settings > Payment methods; docs/decisions/101). */
export const cardGatewayStatusSchema = z
  .object({
    name: z.string().describe("The gateway's name: Authorize.net"),
    configured: z.boolean().describe("Whether its credentials are set on the server (AUTHORIZE_NET_*)"),
    mode: z.enum(["sandbox", "live"]).nullable().describe("Sandbox (test cards only) or live; null when not set up"),
    webhookUrl: z.string().describe("The address to give the gateway for its webhooks"),
  })
  .meta({ id: "CardGatewayStatus" });
export type CardGatewayStatus = z.infer<typeof cardGatewayStatusSchema>;
