import { type AdminOrder, recordPaymentSchema, refundSchema } from "@shop/shared";
import { paymentKindLabels } from "@shop/shared/constants";
import { centsToDollars, formatCents } from "@shop/shared/rules";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { type MoneyEntry, useRecordPayment, useRefundOrder } from "../api/update-order.ts";
import { labelledResolver, today } from "./form-resolver.ts";
import { fieldNames, labels, type MoneyValues, moneyFormSchema } from "./money-values.ts";

const kinds = {
  payment: {
    schema: moneyFormSchema(recordPaymentSchema),
    prefix: "payment",
    submit: "Record payment",
    busy: "Recording...",
    done: (order: AdminOrder) => `Payment recorded: order ${order.number} is paid`,
    failed: "Failed to record the payment",
  },
  refund: {
    schema: moneyFormSchema(refundSchema),
    prefix: "refund",
    submit: "Record refund",
    busy: "Recording...",
    done: (order: AdminOrder) => `Refund recorded: order ${order.number} is refunded`,
    failed: "Failed to record the refund",
  },
} as const;

interface Props {
  order: AdminOrder;
  kind: keyof typeof kinds;
  /** Called once the server has taken it. */
  onDone?: () => void;
}

/** Money received for an order (its total: then it is paid), or money sent back (a refund). */
export function MoneyForm({ order, kind, onDone }: Props) {
  const words = kinds[kind];
  // An order on terms is paid in parts until nothing is due (docs/decisions/102).
  const balanceCents = order.totalCents - order.paymentStatus.paidCents;
  const onTerms = kind === "payment" && order.payment.dueOn !== null;
  const record = useRecordPayment();
  const refund = useRefundOrder();
  const form = useForm<MoneyValues, unknown, MoneyEntry>({
    resolver: labelledResolver(words.schema, labels),
    defaultValues: {
      amountCents: centsToDollars(onTerms ? balanceCents : order.totalCents),
      // On terms the money comes by the shop's method whose details the order carries.
      method: onTerms && order.payment.kind ? paymentKindLabels[order.payment.kind] : order.payment.name,
      reference: "",
      receivedOn: today(),
    },
  });
  const field = fieldProps(form, words.prefix);
  const { isSubmitting, errors } = form.formState;
  useUnsavedChanges(form, kind === "payment" ? "this payment" : "this refund");

  async function send(entry: MoneyEntry) {
    try {
      const saved = await (kind === "payment" ? record : refund).mutateAsync({ number: order.number, entry });
      form.reset();
      toast.success(words.done(saved));
      onDone?.();
    } catch (error) {
      const problem = showServerErrors(form.setError, error, fieldNames, labels, { setFocus: form.setFocus });
      toast.error(`${words.failed}: ${problemInWords(problem, labels)}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(send)} className="grid gap-4">
      <TextField
        label="Amount (USD)"
        hint={
          onTerms
            ? `At most the balance due, ${formatCents(balanceCents)}; a part payment is fine.`
            : kind === "payment"
              ? `The order's total, ${formatCents(order.totalCents)}.`
              : `At most the order's total, ${formatCents(order.totalCents)}.`
        }
        inputMode="decimal"
        autoComplete="off"
        {...field("amountCents")}
      />
      <TextField label="Method" autoComplete="off" {...field("method")} />
      <TextField
        label="Reference"
        hint="Optional: the transfer's or money order's number."
        autoComplete="off"
        {...field("reference")}
      />
      <TextField label={kind === "payment" ? "Received on" : "Sent on"} type="date" {...field("receivedOn")} />
      {errors.root?.message && <StatusMessage status={{ kind: "error", text: errors.root.message }} />}
      <Button type="submit" disabled={isSubmitting} variant={kind === "refund" ? "destructive" : "primary"}>
        {isSubmitting ? words.busy : words.submit}
      </Button>
    </form>
  );
}
