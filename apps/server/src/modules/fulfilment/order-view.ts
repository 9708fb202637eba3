import {
  type Adjustment,
  type Carrier,
  type Order,
  type OrderLine,
  type OrderStatus,
  type PaymentKind,
  type PaymentPayee,
  type PaymentSummary,
  totalsOf,
  trackingUrl,
  type VariantOption,
} from "@shop/shared";
import { type ExciseDetail, payByDay } from "@shop/shared/rules";
import type { OrderAdjustmentRow, OrderLineRow, OrderRow } from "./repository.ts";

// How an order's rows read as the API's order: one reading for the buyer's pages, staff's order
// page (actions/admin-get.ts) and checkout's answer.

/** The sales tax rate an order was charged; 0 where it had none. */
export const taxRateOf = (adjustments: readonly Adjustment[]) =>
  adjustments.find((adjustment) => adjustment.kind === "sales_tax")?.rateBasisPoints ?? 0;

/** Where the order goes, as it was when placed: the buyer's address, or the store's for a pickup. */
export function addressOf(row: OrderRow): Order["shippingAddress"] {
  return {
    fullName: row.ship_full_name,
    line1: row.ship_line1,
    line2: row.ship_line2,
    city: row.ship_city,
    state: row.ship_state as Order["shippingAddress"]["state"],
    zip: row.ship_zip,
    phone: row.ship_phone,
  };
}

/** The payee details kept with an order (migration 030); none for an order placed before them. */
export function payeeOf(row: Pick<OrderRow, "payment_payee">): {
  kind: PaymentKind | null;
  payee: PaymentPayee | null;
} {
  return parsed(row.payment_payee, { kind: null, payee: null });
}

/** An order as its buyer sees it, from its rows, its payment records and its timeline. */
export function toOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  adjustmentRows: OrderAdjustmentRow[],
  money: PaymentSummary,
  events: { status: string; note: string | null; created_at: string }[],
  /** The unpaid-order cancellation setting, which gives the pay-by day. */
  unpaidCancelDays: number,
): Order {
  const orderLines = lines.map((line) => ({
    productId: line.product_id,
    variantId: line.variant_id,
    options: line.variant_options === null ? [] : (JSON.parse(line.variant_options) as VariantOption[]),
    unit: line.unit as OrderLine["unit"],
    name: line.name,
    sku: line.sku,
    unitPriceCents: line.unit_price_cents,
    quantity: line.quantity,
    piecesPerUnit: line.pieces_per_unit,
    lineTotalCents: line.line_total_cents,
  }));
  const adjustments = adjustmentRows.map(
    (adjustment): Adjustment => ({
      kind: adjustment.kind,
      line: adjustment.order_line_id === null ? null : lines.findIndex((line) => line.id === adjustment.order_line_id),
      label: adjustment.label,
      amountCents: adjustment.amount_cents,
      basisCents: adjustment.basis_cents,
      rateBasisPoints: adjustment.rate_basis_points,
      source: adjustment.source,
      excise: exciseOf(adjustment),
    }),
  );
  return {
    number: row.number,
    status: row.status as OrderStatus,
    email: row.email,
    fulfilment: row.fulfilment,
    shippingAddress: addressOf(row),
    payment: {
      methodId: row.payment_method_id,
      name: row.payment_method_name,
      instructions: row.payment_instructions,
      ...payeeOf(row),
      payBy: payByDay(row.created_at, unpaidCancelDays),
      dueOn: row.payment_due_on,
    },
    paymentStatus: money,
    lines: orderLines,
    ...totalsOf(orderLines, adjustments),
    adjustments,
    discountCode: row.discount_code,
    taxBasisPoints: taxRateOf(adjustments),
    events: events.map((event) => ({ status: event.status as OrderStatus, at: event.created_at, note: event.note })),
    shipment:
      row.carrier && row.tracking_number
        ? {
            carrier: row.carrier as Carrier,
            trackingNumber: row.tracking_number,
            trackingUrl: trackingUrl(row.carrier as Carrier, row.tracking_number),
          }
        : null,
    createdAt: row.created_at,
    buyerNote: row.buyer_note,
    requirements: parsed(row.compliance_requirements, []),
    channel: row.channel,
  };
}

/** A JSON column written when the order was placed (record); null (an order placed before migration 020) gives `empty`. */
export function parsed<T>(json: string | null, empty: T): T {
  return json === null ? empty : (JSON.parse(json) as T);
}

/** An excise adjustment's detail as order_adjustments keeps it (docs/decisions/096); null for other kinds. */
export function exciseColumns(excise: ExciseDetail | null) {
  return {
    tax_rule_id: excise?.ruleId ?? null,
    tax_rule_version: excise?.ruleVersion ?? null,
    tax_where: excise?.where ?? null,
    tax_basis: excise?.basis ?? null,
    basis_ml: excise?.basisMl ?? null,
    pieces: excise?.pieces ?? null,
    rate_units: excise?.rateUnits ?? null,
    sales_tax_on_top: excise ? (excise.salesTaxOnTop ? (1 as const) : (0 as const)) : null,
  };
}

/** The detail exciseColumns kept, read back. */
export function exciseOf(row: OrderAdjustmentRow): ExciseDetail | null {
  if (row.tax_rule_id === null || row.tax_basis === null) return null;
  return {
    ruleId: row.tax_rule_id,
    ruleVersion: row.tax_rule_version ?? 1,
    where: row.tax_where ?? "",
    basis: row.tax_basis,
    basisMl: row.basis_ml,
    pieces: row.pieces ?? 0,
    rateUnits: row.rate_units ?? 0,
    salesTaxOnTop: row.sales_tax_on_top === 1,
  };
}
