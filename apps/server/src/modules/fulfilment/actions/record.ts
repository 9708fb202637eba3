import type {
  Adjustment,
  AgeEvidence,
  Fulfilment,
  LineDecisionEvidence,
  Order,
  OrderLine,
  PaymentMethod,
  RuleRequirement,
  ShippingAddress,
  User,
} from "@shop/shared";
import type { BuyerLicence, RegulatoryClass } from "@shop/shared/constants";
import { payByDay, paymentSummary } from "@shop/shared/rules";
import type { Executor } from "../../../db/database.ts";
import { newId } from "../../../lib/ids.ts";
import type { PaymentAttempt } from "../../payments/service.ts";
import type { OrderCore } from "../order-core.ts";
import { orderPlacedLetter } from "../order-mail.ts";
import { exciseColumns, toOrder } from "../order-view.ts";
import type { OrderAdjustmentRow, OrderRow } from "../repository.ts";

/** An order as checkout priced and checked it, which record() writes in checkout's transaction. */
export interface NewOrder {
  id: string;
  number: string;
  buyer: User;
  fulfilment: Fulfilment;
  /** The buyer's address, or the store's for a pickup. */
  address: ShippingAddress;
  /** The payment method the buyer chose, as the shop offered it. */
  payment: PaymentMethod;
  buyerNote: string | null;
  discountCode: string | null;
  /** Each line as priced, with what the order keeps of it: the brand, the classes and the rules' decision. */
  lines: readonly (OrderLine & {
    brand: string | null;
    classes: readonly RegulatoryClass[];
    decision: LineDecisionEvidence;
  })[];
  adjustments: readonly Adjustment[];
  totalCents: number;
  ageEvidence: AgeEvidence;
  /** What the rules ask of the delivery (none for a pickup), and what they ask to print on its documents. */
  requirements: readonly RuleRequirement[];
  statements: readonly string[];
  /** When it was placed (ISO 8601). */
  at: string;
  /** The unpaid-order setting when it was placed, which gives its pay-by day. */
  unpaidCancelDays: number;
  /** A card gateway's approval asked for before the order's transaction (docs/decisions/101); null for the manual methods. */
  charged: PaymentAttempt | null;
  /**
   * The identity provider found no record of the buyer: the order waits in verification_pending for
   * a photo of their ID, with no e-mail on how to pay until it passes (docs/decisions/099).
   */
  awaitingIdentity?: boolean;
  /** An approved wholesale account's order, with the licence it was placed under (docs/decisions/102); null: retail. */
  wholesale?: { accountId: string; licence: BuyerLicence } | null;
  /** The day an order on terms must be paid by; null: paid as retail orders are. */
  paymentDueOn?: string | null;
}

/**
 * Writes an order checkout placed, in checkout's transaction (given what it needs): its rows and
 * first event, the payment provider's step at placing and the confirmation e-mail (sent after the
 * commit). Checkout never writes the order tables itself (docs/decisions/092). Answers the order
 * as toOrder reads it, from the rows it wrote: placing reads nothing back.
 */
export function createRecord({
  repository,
  reports,
  payments,
  outbox,
  mailFacts,
  moveStatus,
}: Pick<OrderCore, "repository" | "reports" | "payments" | "outbox" | "mailFacts" | "moveStatus">) {
  return async function record(trx: Executor, order: NewOrder): Promise<Order> {
    const customerName = `${order.buyer.firstName} ${order.buyer.lastName}`.trim();
    const { address, payment } = order;
    const lineIds = order.lines.map(() => newId());
    const paymentPayee = JSON.stringify({ kind: payment.kind, payee: payment.payee });
    const row: OrderRow = {
      id: order.id,
      number: order.number,
      user_id: order.buyer.id,
      status: order.awaitingIdentity ? "verification_pending" : "awaiting_payment",
      email: order.buyer.email,
      customer_name: customerName,
      fulfilment: order.fulfilment,
      ship_full_name: address.fullName,
      ship_line1: address.line1,
      ship_line2: address.line2,
      ship_city: address.city,
      ship_state: address.state,
      ship_zip: address.zip,
      ship_phone: address.phone,
      payment_method_id: payment.id,
      payment_method_name: payment.name,
      payment_instructions: payment.instructions,
      payment_payee: paymentPayee,
      buyer_note: order.buyerNote,
      discount_code: order.discountCode,
      total_cents: order.totalCents,
      age_evidence: JSON.stringify(order.ageEvidence),
      compliance_requirements: JSON.stringify(order.requirements),
      compliance_statements: JSON.stringify(order.statements),
      adult_signature_required: order.requirements.includes("adult_signature_21") ? 1 : 0,
      carrier: null,
      tracking_number: null,
      id_document: null,
      id_checked_by: null,
      id_checked_at: null,
      channel: order.wholesale ? "wholesale" : "retail",
      wholesale_account_id: order.wholesale?.accountId ?? null,
      buyer_licence: order.wholesale ? JSON.stringify(order.wholesale.licence) : null,
      payment_due_on: order.paymentDueOn ?? null,
      created_at: order.at,
      updated_at: order.at,
    };
    const lines = order.lines.map((line, position) => ({
      id: lineIds[position] as string,
      order_id: order.id,
      position,
      product_id: line.productId,
      variant_id: line.variantId,
      variant_options: line.options.length === 0 ? null : JSON.stringify(line.options),
      name: line.name,
      sku: line.sku,
      unit: line.unit,
      unit_price_cents: line.unitPriceCents,
      quantity: line.quantity,
      pieces_per_unit: line.piecesPerUnit,
      line_total_cents: line.lineTotalCents,
      brand: line.brand,
      compliance_decision: JSON.stringify(line.decision),
      classes: line.classes,
    }));
    const adjustments: OrderAdjustmentRow[] = order.adjustments.map((adjustment, position) => ({
      id: newId(),
      order_id: order.id,
      order_line_id: adjustment.line === null ? null : (lineIds[adjustment.line] as string),
      position,
      kind: adjustment.kind,
      label: adjustment.label,
      amount_cents: adjustment.amountCents,
      basis_cents: adjustment.basisCents,
      rate_basis_points: adjustment.rateBasisPoints,
      source: adjustment.source,
      ...exciseColumns(adjustment.excise),
    }));
    await repository.insertOrder(trx, row, lines, adjustments, { id: newId(), actorId: order.buyer.id, note: null });
    await reports.orderMoved(trx, order.id, null, row.status);
    // A card the gateway approved before this transaction: its hold (or charge) is the order's
    // first record, and money held or taken makes the order paid, for the shop to ship.
    const held = order.charged
      ? await payments.keepAhead(trx, order.charged, {
          provider: payments.providerFor(payment.kind),
          method: payment.name,
          actorId: order.buyer.id,
        })
      : null;
    // An order waiting for its buyer's ID keeps its card's hold (let go if it is cancelled) and
    // moves on when the ID passes (docs/decisions/099).
    if (order.awaitingIdentity) {
      const events = [{ status: row.status, note: null, created_at: order.at }];
      return toOrder(row, lines, adjustments, paymentSummary(held ? [held] : []), events, order.unpaidCancelDays);
    }
    // An order on terms ships on credit (docs/decisions/102): placed awaiting payment as every
    // order is, it goes on to processing at once, and its confirmation names the due day.
    if (order.paymentDueOn) {
      await moveStatus(trx, {
        orderId: row.id,
        from: [row.status],
        to: "processing",
        at: order.at,
        eventId: newId(),
        actorId: null,
        note: `On terms: payment due ${order.paymentDueOn}`,
      });
      row.status = "processing";
    } else if (held) {
      await moveStatus(trx, {
        orderId: row.id,
        from: [row.status],
        to: "paid",
        at: order.at,
        eventId: newId(),
        actorId: null,
      });
      row.status = "paid";
    }
    const facts = {
      email: order.buyer.email,
      customer_name: customerName,
      number: order.number,
      total_cents: order.totalCents,
      fulfilment: order.fulfilment,
    };
    await outbox.enqueue(
      orderPlacedLetter(mailFacts(facts, address), {
        lines: order.lines,
        adjustments: order.adjustments,
        paymentName: payment.name,
        instructions: payment.instructions,
        payee: payment.payee,
        kind: payment.kind,
        payBy: payByDay(order.at, order.unpaidCancelDays),
        dueOn: order.paymentDueOn ?? null,
        pickupAt: order.fulfilment === "pickup" ? address : null,
      }),
      trx,
    );
    const events = [
      { status: "awaiting_payment", note: null, created_at: order.at },
      ...(order.paymentDueOn
        ? [{ status: "processing", note: `On terms: payment due ${order.paymentDueOn}`, created_at: order.at }]
        : held
          ? [{ status: "paid", note: null, created_at: order.at }]
          : []),
    ];
    return toOrder(row, lines, adjustments, paymentSummary(held ? [held] : []), events, order.unpaidCancelDays);
  };
}
