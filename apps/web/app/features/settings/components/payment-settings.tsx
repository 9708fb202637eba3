import type { PayeeField, ShopSettings } from "@shop/shared";
import {
  NO_PAYEE,
  PAYEE_FIELDS,
  PAYEE_LABELS,
  PAYMENT_KINDS,
  paymentKindLabels,
  US_STATES,
} from "@shop/shared/constants";
import { isPayable, payeeProblems } from "@shop/shared/rules";
import { Plus, Trash2 } from "lucide-react";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { z } from "zod";
import { CheckboxField, fieldProps, SelectField, TextAreaField, TextField } from "../../../components/form/field.tsx";
import { StateOptions } from "../../../components/form/state-options.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useCardGateway } from "../api/settings.ts";
import { methodId, percentAsBasisPoints, percentOf } from "../form-values.ts";
import { SettingsForm } from "./settings-form.tsx";

const METHODS_MAX = 10;

const payeeSchema = z.object({
  name: z.string(),
  bankName: z.string(),
  routingNumber: z.string(),
  accountNumber: z.string(),
  zelle: z.string(),
  mailingAddress: z.string(),
});

const methodsSchema = z.object({
  paymentMethods: z
    .array(
      z
        .object({
          id: z.string(),
          kind: z.enum(PAYMENT_KINDS, { error: "Please choose what kind of payment this is." }),
          name: z
            .string()
            .trim()
            .min(1, { error: "Please name the payment method." })
            .max(60, { error: "Please keep the name under 60 characters." }),
          instructions: z
            .string()
            .trim()
            .min(1, { error: "Please say how to pay: where to send the money and what to write as the reference." })
            .max(2000, { error: "Please keep the instructions under 2,000 characters." }),
          payee: payeeSchema,
          enabled: z.boolean(),
        })
        // The same check as the API's: switched on only with every payee detail, each right (decision 078).
        .superRefine((method, context) => {
          for (const [field, message] of Object.entries(payeeProblems(method.kind, method.payee, method.enabled))) {
            context.addIssue({ code: "custom", path: ["payee", field], message });
          }
        })
        // Only the kind's own details are kept; the others' are emptied.
        .transform((method) => ({
          ...method,
          payee: {
            ...NO_PAYEE,
            ...Object.fromEntries(PAYEE_FIELDS[method.kind].map((name) => [name, method.payee[name].trim()])),
          },
        })),
    )
    .max(METHODS_MAX, { error: `At most ${METHODS_MAX} payment methods.` }),
  cardCapture: z.enum(["at_shipping", "at_placing"]),
});

/** What each payee field asks for, under its label. */
const PAYEE_HINTS: Partial<Record<PayeeField, string>> = {
  routingNumber: "9 digits (ABA), as on the bank's website or a check.",
  accountNumber: "4 to 17 digits.",
  zelle: "The e-mail address or U.S. mobile number the shop's Zelle account uses.",
};

/** The manual ways to pay (bank transfer, Zelle, money order): their names, instructions, on or off. */
export function PaymentSettings({ settings }: { settings: ShopSettings }) {
  return (
    <SettingsForm
      id="payment"
      title="Payment methods"
      hint="Offered at checkout in this order, each only with its payee details; the instructions and details are shown at checkout, after ordering, in My Orders and in the order e-mail."
      settings={settings}
      valuesOf={(s) => ({ paymentMethods: s.paymentMethods, cardCapture: s.cardCapture })}
      schema={methodsSchema}
      toPatch={({ paymentMethods, cardCapture }) => {
        const taken = new Set(paymentMethods.map((method) => method.id).filter(Boolean));
        return {
          cardCapture,
          paymentMethods: paymentMethods.map((method) => {
            if (method.id) return method;
            const id = methodId(method.name, taken);
            taken.add(id);
            return { ...method, id };
          }),
        };
      }}
      labels={{ paymentMethods: "Payment methods", cardCapture: "When cards are charged" }}
    >
      {(form) => <MethodRows form={form} />}
    </SettingsForm>
  );
}

type MethodsForm = UseFormReturn<z.input<typeof methodsSchema>, unknown, z.output<typeof methodsSchema>>;

function MethodRows({ form }: { form: MethodsForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "paymentMethods" });
  const field = fieldProps(form, "settings");
  const methods = form.watch("paymentMethods");
  const offered = methods.some((method) => isPayable(method));
  return (
    <>
      <CardGatewayPanel field={field} />
      {!offered && (
        <p className="rounded-xl bg-amber-50 p-4 text-amber-900 text-sm">
          No payment method is offered: buyers cannot place orders until one is switched on with its payee details.
        </p>
      )}
      <ol className="grid gap-4">
        {fields.map((method, index) => {
          const kind = methods[index]?.kind ?? method.kind;
          return (
            <li key={method.id} className="grid gap-4 rounded-xl border border-line p-4">
              <div className="flex items-end justify-between gap-3">
                <div className="grid min-w-0 flex-1 gap-4 sm:grid-cols-2">
                  <TextField label="Name" {...field(`paymentMethods.${index}.name`)} />
                  <SelectField label="Kind" {...field(`paymentMethods.${index}.kind`)}>
                    {PAYMENT_KINDS.map((value) => (
                      <option key={value} value={value}>
                        {paymentKindLabels[value]}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mb-[5px]"
                  onClick={() => remove(index)}
                  aria-label={`Remove payment method ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="hidden sm:inline">Remove</span>
                </Button>
              </div>
              <TextAreaField label="Instructions" rows={3} {...field(`paymentMethods.${index}.instructions`)} />
              {PAYEE_FIELDS[kind].length > 0 && (
                <fieldset className="grid gap-4 sm:grid-cols-2">
                  <legend className="mb-2 font-medium text-sm">Payee details: where buyers send the money</legend>
                  {PAYEE_FIELDS[kind].map((name) =>
                    name === "mailingAddress" ? (
                      <div key={name} className="sm:col-span-2">
                        <TextAreaField
                          label={PAYEE_LABELS[kind][name] ?? name}
                          rows={3}
                          {...field(`paymentMethods.${index}.payee.${name}`)}
                        />
                      </div>
                    ) : (
                      <TextField
                        key={name}
                        label={PAYEE_LABELS[kind][name] ?? name}
                        hint={PAYEE_HINTS[name]}
                        inputMode={name === "routingNumber" || name === "accountNumber" ? "numeric" : undefined}
                        autoComplete="off"
                        {...field(`paymentMethods.${index}.payee.${name}`)}
                      />
                    ),
                  )}
                </fieldset>
              )}
              <CheckboxField
                label="Offered at checkout"
                hint={
                  kind === "card"
                    ? "Only while the card gateway is set up on the server."
                    : "Only with every payee detail above filled in."
                }
                {...field(`paymentMethods.${index}.enabled`)}
              />
            </li>
          );
        })}
      </ol>
      {fields.length < METHODS_MAX && (
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              append(
                { id: "", kind: "bank_transfer", name: "", instructions: "", payee: { ...NO_PAYEE }, enabled: false },
                { shouldFocus: true },
              )
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            Add a payment method
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * Whether the server has a card gateway (Authorize.net, its credentials in the environment: never
 * shown here), in which mode, the address to give it for webhooks, and when cards are charged.
 */
function CardGatewayPanel({ field }: { field: ReturnType<typeof fieldProps<z.input<typeof methodsSchema>>> }) {
  const gateway = useCardGateway();
  if (gateway.isPending) return <p className="h-20 animate-pulse rounded-xl bg-line/40" aria-hidden="true" />;
  if (gateway.isError) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 text-sm">
        Could not read whether card payments are set up: {gateway.error.message}
      </p>
    );
  }
  const { name, configured, mode, webhookUrl } = gateway.data;
  if (!configured) {
    return (
      <p className="rounded-xl border border-line p-4 text-sm">
        <span className="font-semibold">Card payments are not set up.</span> The server needs the {name} settings
        (AUTHORIZE_NET_API_LOGIN_ID, _TRANSACTION_KEY, _CLIENT_KEY and _SIGNATURE_KEY; see the README). Until then a
        Card method cannot be offered.
      </p>
    );
  }
  return (
    <div className="grid gap-3 rounded-xl border border-line p-4 text-sm">
      <p>
        <span className="font-semibold">
          Card payments: {name}, {mode === "live" ? "live" : "sandbox (test cards only)"}.
        </span>{" "}
        Add a method of the kind Card to offer them. Give {name} this webhook address:{" "}
        <code className="break-all">{webhookUrl}</code>
      </p>
      <SelectField label="When cards are charged" {...field("cardCapture")}>
        <option value="at_shipping">Hold, then charge at shipping</option>
        <option value="at_placing">Charge when ordered</option>
      </SelectField>
    </div>
  );
}

const taxSchema = z.object({
  rates: z
    .array(
      z.object({
        state: z.enum(Object.keys(US_STATES) as [string, ...string[]], { error: "Please choose a state." }),
        rate: percentAsBasisPoints,
      }),
    )
    .superRefine((rates, context) => {
      const seen = new Set<string>();
      rates.forEach(({ state }, index) => {
        if (seen.has(state)) {
          context.addIssue({ code: "custom", path: [index, "state"], message: "This state is listed twice." });
        }
        seen.add(state);
      });
    }),
});

const stateName = (code: string) => US_STATES[code as keyof typeof US_STATES] ?? code;

/** Sales tax by state, in percent of the goods; a state not listed pays none. */
export function SalesTaxSettings({ settings }: { settings: ShopSettings }) {
  return (
    <SettingsForm
      id="sales-tax"
      title="Sales tax"
      hint="Charged on the goods of orders shipped to (or picked up in) these states; other states pay none."
      settings={settings}
      valuesOf={(s) => ({
        rates: Object.entries(s.salesTaxBasisPoints)
          .map(([state, points]) => ({ state, rate: percentOf(points ?? 0) }))
          .sort((a, b) => stateName(a.state).localeCompare(stateName(b.state))),
      })}
      schema={taxSchema}
      toPatch={({ rates }) => ({
        salesTaxBasisPoints: Object.fromEntries(rates.map(({ state, rate }) => [state, rate])),
      })}
      labels={{ salesTaxBasisPoints: "Sales tax" }}
    >
      {(form) => <TaxRows form={form} />}
    </SettingsForm>
  );
}

type TaxForm = UseFormReturn<z.input<typeof taxSchema>, unknown, z.output<typeof taxSchema>>;

function TaxRows({ form }: { form: TaxForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "rates" });
  const field = fieldProps(form, "settings");
  return (
    <>
      {fields.length === 0 ? (
        <p className="text-muted text-sm">No sales tax is charged.</p>
      ) : (
        <ul className="grid gap-3">
          {fields.map((row, index) => (
            <li key={row.id} className="grid grid-cols-[minmax(0,1fr)_7rem_auto] items-start gap-3">
              <SelectField label="State" {...field(`rates.${index}.state`)}>
                <StateOptions />
              </SelectField>
              <TextField label="Rate (%)" inputMode="decimal" {...field(`rates.${index}.rate`)} />
              <Button
                variant="secondary"
                size="sm"
                className="mt-7"
                onClick={() => remove(index)}
                aria-label={`Remove the sales tax row ${index + 1}`}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="secondary" onClick={() => append({ state: "", rate: "" }, { shouldFocus: true })}>
          <Plus aria-hidden="true" className="size-4" />
          Add a state
        </Button>
      </div>
    </>
  );
}
