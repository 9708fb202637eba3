import { z } from "zod";

/**
 * The shop's settings with their defaults. Staff will edit them in the dashboard; until a value
 * is saved, the default applies.
 */
export const shopSettingsSchema = z.object({
  /** The age gate admits by birth year at this age (spec: 18). */
  gateMinAge: z.int().min(0).max(99).default(18),
  /** How long the gate's `ageVerified` cookie lasts, in days (spec: 30). */
  ageGateDays: z.int().min(1).max(365).default(30),
  /** Buying needs this age by full date of birth (Terms: 21); jurisdiction rules may raise it. */
  purchaseMinAge: z.int().min(0).max(99).default(21),
  /** Shipping for an order at or under the free-shipping threshold. */
  shippingFlatFeeCents: z.int().min(0).default(1000),
  /** Orders whose subtotal is over this ship free. */
  freeShippingOverCents: z.int().min(0).default(10000),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const DEFAULT_SETTINGS: ShopSettings = shopSettingsSchema.parse({});

/** What the storefront may know of the settings. */
export type PublicSettings = Pick<
  ShopSettings,
  "gateMinAge" | "ageGateDays" | "shippingFlatFeeCents" | "freeShippingOverCents"
>;
