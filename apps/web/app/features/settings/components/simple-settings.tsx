import type { ShopSettings } from "@shop/shared";
import { centsToDollars, LOWEST_SHOP_AGE, shopAgesProblem, USUAL_PURCHASE_AGE } from "@shop/shared/rules";
import { TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { CheckboxField, fieldProps, TextField } from "../../../components/form/field.tsx";
import { dollarsAsCents, wholeNumber } from "../form-values.ts";
import { SettingsForm } from "./settings-form.tsx";

/** A number field's look: the digits keypad on phones. */
const numeric = { inputMode: "numeric", autoComplete: "off" } as const;

const shippingSchema = z.object({
  shippingFlatFeeCents: dollarsAsCents,
  freeShippingOverCents: dollarsAsCents,
  wholesaleMinimumOrderCents: dollarsAsCents,
});

/** The flat shipping fee and the subtotal over which shipping is free. */
export function ShippingSettings({ settings }: { settings: ShopSettings }) {
  return (
    <SettingsForm
      id="shipping"
      title="Shipping"
      hint="The cart and checkout show the new amounts at once."
      settings={settings}
      valuesOf={(s) => ({
        shippingFlatFeeCents: centsToDollars(s.shippingFlatFeeCents),
        freeShippingOverCents: centsToDollars(s.freeShippingOverCents),
        wholesaleMinimumOrderCents: centsToDollars(s.wholesaleMinimumOrderCents),
      })}
      schema={shippingSchema}
      toPatch={(values) => values}
      labels={{
        shippingFlatFeeCents: "Shipping fee",
        freeShippingOverCents: "Free shipping over",
        wholesaleMinimumOrderCents: "Wholesale minimum order",
      }}
    >
      {(form) => {
        const field = fieldProps(form, "settings");
        return (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Shipping fee ($)"
              hint="For an order at or under the free-shipping amount."
              inputMode="decimal"
              {...field("shippingFlatFeeCents")}
            />
            <TextField
              label="Free shipping over ($)"
              hint="Orders whose goods cost more than this ship free."
              inputMode="decimal"
              {...field("freeShippingOverCents")}
            />
            <TextField
              label="Wholesale minimum order ($)"
              hint="An approved wholesale account's goods must cost at least this, before tax. 0 sets no minimum."
              inputMode="decimal"
              {...field("wholesaleMinimumOrderCents")}
            />
          </div>
        );
      }}
    </SettingsForm>
  );
}

const agesSchema = z
  .object({
    gateMinAge: wholeNumber(LOWEST_SHOP_AGE, 99),
    purchaseMinAge: wholeNumber(LOWEST_SHOP_AGE, 99),
    ageGateDays: wholeNumber(1, 365),
  })
  .superRefine((ages, context) => {
    // The server checks it again on what it would save (settings service).
    const problem = shopAgesProblem(ages, ["gateMinAge", "purchaseMinAge"]);
    if (problem) context.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });

type AgeValues = z.input<typeof agesSchema>;
type AgeOutput = z.output<typeof agesSchema>;

/**
 * Once the card was sent, a change of either age checks both again: the age to buy's problem may
 * have been fixed at the gate's field (the form otherwise checks only the field typed in).
 */
function RecheckAges({ form }: { form: UseFormReturn<AgeValues, unknown, AgeOutput> }) {
  const [gate, purchase] = form.watch(["gateMinAge", "purchaseMinAge"]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the typed ages change, not when the form is sent
  useEffect(() => {
    if (form.formState.isSubmitted) void form.trigger(["gateMinAge", "purchaseMinAge"]);
  }, [gate, purchase]);
  return null;
}

/** Said, not refused, while the age to buy typed is a valid age under 21. */
function LowPurchaseAge({ typed }: { typed: string }) {
  const age = Number(typed.trim());
  if (!/^\d{1,2}$/.test(typed.trim()) || age < LOWEST_SHOP_AGE || age >= USUAL_PURCHASE_AGE) return null;
  return (
    <p className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        An age to buy under {USUAL_PURCHASE_AGE}: buyers from {age} may buy what no rule holds to a higher age, while
        vapes, nicotine and whatever your compliance rules set at {USUAL_PURCHASE_AGE} still need {USUAL_PURCHASE_AGE}.
        Check that the law where you sell allows it.
      </span>
    </p>
  );
}

/** The age gate's age and how long it remembers a visitor, and the age to buy. */
export function AgeSettings({ settings }: { settings: ShopSettings }) {
  return (
    <SettingsForm
      id="ages"
      title="Ages"
      hint="Compliance rules may ask a higher age for some products in some places; the higher age applies."
      settings={settings}
      valuesOf={(s) => ({
        gateMinAge: String(s.gateMinAge),
        purchaseMinAge: String(s.purchaseMinAge),
        ageGateDays: String(s.ageGateDays),
      })}
      schema={agesSchema}
      toPatch={(values) => values}
      labels={{ gateMinAge: "Age gate", purchaseMinAge: "Age to buy", ageGateDays: "Remember the age gate" }}
    >
      {(form) => {
        const field = fieldProps(form, "settings");
        return (
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField
              label="Age gate"
              hint="Visitors born this many years ago or earlier may enter; 18 or more."
              {...numeric}
              {...field("gateMinAge")}
            />
            <TextField
              label="Age to buy"
              hint="Checked by full date of birth at checkout; at least the age gate's."
              {...numeric}
              {...field("purchaseMinAge")}
            />
            <TextField
              label="Remember the age gate (days)"
              hint="How long a visitor who passed is not asked again."
              {...numeric}
              {...field("ageGateDays")}
            />
            <div className="sm:col-span-3 empty:hidden">
              <LowPurchaseAge typed={form.watch("purchaseMinAge")} />
            </div>
            <RecheckAges form={form} />
          </div>
        );
      }}
    </SettingsForm>
  );
}

const orderSchema = z.object({
  unpaidCancelDays: wholeNumber(1, 90),
  ageVerificationAtCheckout: z.boolean(),
  identityVerifiedDays: wholeNumber(0, 365),
  verificationPendingHours: wholeNumber(1, 720),
});

/**
 * When unpaid orders are cancelled, whether checkout asks the third-party age check, how long a
 * verified buyer is not asked again, and how long an order waits for a photo of an ID (decision 099).
 */
export function OrderSettings({ settings }: { settings: ShopSettings }) {
  return (
    <SettingsForm
      id="orders"
      title="Orders"
      settings={settings}
      valuesOf={(s) => ({
        unpaidCancelDays: String(s.unpaidCancelDays),
        ageVerificationAtCheckout: s.ageVerificationAtCheckout,
        identityVerifiedDays: String(s.identityVerifiedDays),
        verificationPendingHours: String(s.verificationPendingHours),
      })}
      schema={orderSchema}
      toPatch={(values) => values}
      labels={{
        unpaidCancelDays: "Cancel unpaid orders after",
        ageVerificationAtCheckout: "Age verification",
        identityVerifiedDays: "Remember a verified buyer for",
        verificationPendingHours: "Cancel orders waiting for an ID after",
      }}
    >
      {(form) => {
        const field = fieldProps(form, "settings");
        return (
          <>
            <div className="sm:max-w-xs">
              <TextField
                label="Cancel unpaid orders after (days)"
                hint="Their stock goes back on sale."
                {...numeric}
                {...field("unpaidCancelDays")}
              />
            </div>
            <CheckboxField
              label="Verify age and identity at checkout"
              hint="Asks the third-party check before an order is placed. Needs a provider set up on the server."
              {...field("ageVerificationAtCheckout")}
            />
            <div className="grid gap-4 sm:grid-cols-2 sm:max-w-xl">
              <TextField
                label="Remember a verified buyer for (days)"
                hint="A later order with the same name and date of birth is not checked again. 0 checks every order."
                {...numeric}
                {...field("identityVerifiedDays")}
              />
              <TextField
                label="Cancel orders waiting for an ID after (hours)"
                hint="An order whose buyer was not matched waits this long for a photo of their ID; then its stock goes back on sale."
                {...numeric}
                {...field("verificationPendingHours")}
              />
            </div>
          </>
        );
      }}
    </SettingsForm>
  );
}

const stockSchema = z.object({ lowStockThreshold: wholeNumber(0, 100_000) });

/** When a product counts as low on stock. */
export function StockSettings({ settings }: { settings: ShopSettings }) {
  return (
    <SettingsForm
      id="stock"
      title="Stock"
      settings={settings}
      valuesOf={(s) => ({ lowStockThreshold: String(s.lowStockThreshold) })}
      schema={stockSchema}
      toPatch={(values) => values}
      labels={{ lowStockThreshold: "Low stock at" }}
    >
      {(form) => (
        <div className="sm:max-w-xs">
          <TextField
            label="Low stock at (pieces)"
            hint="Active products with this many pieces or fewer are listed as low on the dashboard and in reports."
            {...numeric}
            {...fieldProps(form, "settings")("lowStockThreshold")}
          />
        </div>
      )}
    </SettingsForm>
  );
}
