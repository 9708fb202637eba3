import type { AdminOrder } from "@shop/shared";
import { allows, orderStatusLabels } from "@shop/shared/constants";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { useStaffUser } from "../../../components/layout/use-staff-user.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { errorMessage } from "../../../lib/api-error.ts";
import { type StatusAction, useChangeOrderStatus } from "../api/update-order.ts";
import { HandOverForm } from "./hand-over-form.tsx";
import { MoneyForm } from "./money-form.tsx";
import { ShipForm } from "./ship-form.tsx";

function ActionCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-5">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-muted text-sm">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const statusWords: Record<
  StatusAction,
  { label: string; busy: string; done: (number: string) => string; failed: string }
> = {
  start_processing: {
    label: "Start processing",
    busy: "Starting...",
    done: (number) => `Order ${number} is being processed`,
    failed: "Failed to start processing",
  },
  deliver: {
    label: "Mark as delivered",
    busy: "Saving...",
    done: (number) => `Order ${number} is delivered`,
    failed: "Failed to mark the order delivered",
  },
  mark_ready: {
    label: "Ready for pickup",
    busy: "Saving...",
    done: (number) => `Order ${number} is ready for pickup; the buyer has been e-mailed`,
    failed: "Failed to mark the order ready for pickup",
  },
  cancel: {
    label: "Cancel order",
    busy: "Cancelling...",
    done: (number) => `Order ${number} is cancelled; its stock is back and the buyer has been e-mailed`,
    failed: "Failed to cancel the order",
  },
};

/** What staff can do to the order now: only the actions its status allows (the server checks again). */
export function OrderActions({ order }: { order: AdminOrder }) {
  const allowed = new Set(order.allowedActions);
  // Money sent back is a Manager's or an Owner's (the refund route's area); Staff are told who.
  const mayRefund = allows("manager", useStaffUser().role);
  const change = useChangeOrderStatus();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const statusActions = (["start_processing", "mark_ready", "deliver", "cancel"] as const).filter((action) =>
    allowed.has(action),
  );

  function run(action: StatusAction) {
    const words = statusWords[action];
    change.mutate(
      { number: order.number, action },
      {
        onSuccess: (saved) => toast.success(words.done(saved.number)),
        onError: (error) => toast.error(`${words.failed}: ${errorMessage(error)}`),
        onSettled: () => setConfirmingCancel(false),
      },
    );
  }

  /** The steps that take a form of their own, in the order an order meets them. */
  const formSteps = [
    {
      action: "record_payment",
      id: "record-payment-title",
      title: "Record the payment",
      description: order.payment.dueOn
        ? "An order on terms: record each payment as it arrives, in parts if need be. Its status does not change; the buyer is e-mailed once it is paid in full."
        : "Once the buyer's money has arrived: the order becomes paid and the buyer is e-mailed.",
      form: <MoneyForm order={order} kind="payment" />,
    },
    {
      action: "ship",
      id: "ship-title",
      title: "Ship the order",
      description: "The buyer is e-mailed the carrier's tracking link.",
      form: <ShipForm order={order} />,
    },
    {
      action: "hand_over",
      id: "hand-over-title",
      title: "Hand over at the counter",
      description:
        "Check the buyer's photo ID before handing over age-restricted goods; the order records which ID you saw.",
      form: <HandOverForm order={order} />,
    },
  ] as const;

  if (allowed.size === 0) {
    return (
      <ActionCard id="order-actions-title" title="Actions">
        <p className="text-muted text-sm">
          Nothing more to do: the order is {orderStatusLabels[order.status].toLowerCase()}.
        </p>
      </ActionCard>
    );
  }

  return (
    <div className="grid gap-4">
      {formSteps
        .filter((step) => allowed.has(step.action))
        .map(({ action, form, ...card }) => (
          <ActionCard key={action} {...card}>
            {form}
          </ActionCard>
        ))}
      {statusActions.length > 0 && (
        <ActionCard id="status-actions-title" title="Status">
          <div className="flex flex-wrap gap-2">
            {statusActions.map((action) => {
              const busy = change.isPending && change.variables?.action === action;
              return (
                <Button
                  key={action}
                  variant={action === "cancel" ? "danger" : "secondary"}
                  aria-disabled={change.isPending || undefined}
                  onClick={() => {
                    if (change.isPending) return;
                    if (action === "cancel") setConfirmingCancel(true);
                    else run(action);
                  }}
                >
                  {busy ? statusWords[action].busy : statusWords[action].label}
                </Button>
              );
            })}
          </div>
        </ActionCard>
      )}
      {allowed.has("refund") && (
        <ActionCard
          id="refund-title"
          title="Refund"
          description={
            order.status === "shipped" || order.status === "delivered" || order.status === "picked_up"
              ? "Record money sent back to the buyer. The goods have left, so the stock stays as it is."
              : "Record money sent back to the buyer. The goods have not left, so their stock goes back."
          }
        >
          {!mayRefund ? (
            <p className="text-muted text-sm">Refunds are recorded by a Manager or an Owner.</p>
          ) : refunding ? (
            <MoneyForm order={order} kind="refund" onDone={() => setRefunding(false)} />
          ) : (
            <Button variant="secondary" onClick={() => setRefunding(true)}>
              Record a refund
            </Button>
          )}
        </ActionCard>
      )}
      <ConfirmDialog
        open={confirmingCancel}
        title={`Cancel order ${order.number}?`}
        confirmLabel="Cancel order"
        busyLabel="Cancelling..."
        busy={change.isPending}
        destructive
        onConfirm={() => run("cancel")}
        onCancel={() => setConfirmingCancel(false)}
      >
        <p>
          The stock of its items goes back to the shop and the buyer is e-mailed that the order is cancelled.
          {order.payments.some((payment) => payment.kind === "payment") &&
            " Cancelling does not send back the money already received: to return it, record a refund instead, which puts the stock back too."}{" "}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
