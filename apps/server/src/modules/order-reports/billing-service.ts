import {
  BILLING_PAGE_SIZE,
  type BillingHold,
  type BillingInvoice,
  type BillingList,
  type BillingOverdue,
  type BillingPayment,
  billingPaymentKindLabels,
  type billingQuerySchema,
  billingStatusLabels,
  centsToDollars,
  type OrderStatus,
  orderStatusLabels,
} from "@shop/shared";
import { CSV_BOM, csvRow } from "@shop/shared/csv";
import { dayOf, daysOverdue, holdExpiresAt } from "@shop/shared/rules";
import type { z } from "zod";
import { CSV_BATCH } from "../../lib/csv.ts";
import { createTtlCache } from "../../lib/ttl-cache.ts";
import type { BillingCursor, BillingRepository } from "./billing-repository.ts";

type BillingQuery = z.output<typeof billingQuerySchema>;
type InvoiceRow = Awaited<ReturnType<BillingRepository["invoicePage"]>>[number];
type PaymentRow = Awaited<ReturnType<BillingRepository["paymentPage"]>>[number];
type HoldRow = Awaited<ReturnType<BillingRepository["holdPage"]>>[number];
type OverdueRow = Awaited<ReturnType<BillingRepository["overduePage"]>>[number];

interface Dependencies {
  /** Staff members' names by id, for who recorded each payment (the accounts module's service). */
  namesOf: (ids: string[]) => Promise<Map<string, string>>;
  /** How many days a provider's card holds last, by its id (the payments module's service); null when unknown. */
  holdDaysOf: (providerId: string) => number | null;
  /** The business names of buyers' wholesale accounts, by user id (the wholesale module's service). */
  businessNamesOf: (userIds: readonly string[]) => Promise<Map<string, string>>;
  now?: () => Date;
}

const INVOICE_HEADER = [
  "Invoice",
  "Order date",
  "Customer",
  "E-mail",
  "Total",
  "Paid",
  "Refunded",
  "Payment method",
  "Billing status",
  "Order status",
  "Paid on",
];
const PAYMENT_HEADER = [
  "Order",
  "Type",
  "Customer",
  "E-mail",
  "Amount",
  "Method",
  "Provider",
  "Reference",
  "Received on",
  "Recorded by",
  "Recorded at",
];

const OVERDUE_HEADER = [
  "Order",
  "Business",
  "Buyer",
  "E-mail",
  "Order date",
  "Due on",
  "Days overdue",
  "Total",
  "Paid",
  "Balance due",
  "Order status",
];

const HOLD_HEADER = [
  "Order",
  "Customer",
  "E-mail",
  "Held",
  "Method",
  "Provider",
  "Reference",
  "Held since",
  "Lapses at",
  "Order status",
  "Last refusal",
];

function toInvoice(row: InvoiceRow): BillingInvoice {
  return {
    number: row.number,
    customerName: row.customer_name,
    email: row.email,
    totalCents: row.total_cents,
    paidCents: row.paid_cents,
    refundedCents: row.refunded_cents,
    method: row.method,
    status: row.billing_status,
    orderStatus: row.order_status as OrderStatus,
    orderedAt: row.created_at,
    paidOn: row.paid_on ?? null,
    dueOn: row.payment_due_on,
  };
}

function toPayment(row: PaymentRow, names: Map<string, string>): BillingPayment {
  return {
    id: row.id,
    kind: row.kind as BillingPayment["kind"],
    number: row.number,
    customerName: row.customer_name,
    email: row.email,
    amountCents: row.amount_cents,
    method: row.method,
    provider: row.provider,
    reference: row.reference,
    receivedOn: row.received_on,
    recordedBy: row.actor_id === null ? "The payment provider" : (names.get(row.actor_id) ?? "A former staff member"),
    recordedAt: row.created_at,
  };
}

/** Billing (docs/decisions/033, 100): invoices, payments and card holds with filters, totals and a CSV export of what is filtered. */
export function createBillingService(
  repository: BillingRepository,
  { namesOf, holdDaysOf, businessNamesOf, now = () => new Date() }: Dependencies,
) {
  const toOverdue = (row: OverdueRow, businesses: Map<string, string>, today: string): BillingOverdue => ({
    number: row.number,
    businessName: businesses.get(row.user_id) ?? null,
    customerName: row.customer_name,
    email: row.email,
    orderStatus: row.order_status as OrderStatus,
    totalCents: row.total_cents,
    paidCents: row.received_cents,
    balanceCents: row.total_cents - row.received_cents,
    orderedAt: row.created_at,
    dueOn: row.payment_due_on,
    daysOverdue: daysOverdue(row.payment_due_on, today),
  });
  const businessesOf = (rows: OverdueRow[]) => businessNamesOf([...new Set(rows.map((row) => row.user_id))]);

  const toHold = (row: HoldRow): BillingHold => ({
    id: row.id,
    number: row.number,
    customerName: row.customer_name,
    email: row.email,
    orderStatus: row.order_status as OrderStatus,
    amountCents: row.amount_cents,
    method: row.method,
    provider: row.provider,
    reference: row.reference,
    authorizedAt: row.created_at,
    expiresAt: holdExpiresAt(row.created_at, holdDaysOf(row.provider)),
    refusal: row.refusal,
  });

  const recorders = (rows: PaymentRow[]) =>
    namesOf([...new Set(rows.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id])))]);
  // The methods for the filter change when the shop takes a new one: a list up to 30 s old is
  // fine, and saves reading every order and payment for each page.
  const methodCache = createTtlCache<string[]>({ ttlMs: 30_000, maxEntries: 1 });

  return {
    async list(query: BillingQuery): Promise<BillingList> {
      const page = { offset: (query.page - 1) * BILLING_PAGE_SIZE, limit: BILLING_PAGE_SIZE };
      const methods = await methodCache.get("methods", () => repository.methods());
      if (query.view === "overdue") {
        const today = dayOf(now());
        const [rows, totals] = await Promise.all([
          repository.overduePage(query, today, page),
          repository.overdueTotals(query, today),
        ]);
        const businesses = await businessesOf(rows);
        return {
          view: "overdue",
          items: rows.map((row) => toOverdue(row, businesses, today)),
          total: totals.count,
          page: query.page,
          pageSize: BILLING_PAGE_SIZE,
          totals: { balanceCents: totals.balanceCents },
          methods,
        };
      }
      if (query.view === "holds") {
        const [rows, totals] = await Promise.all([repository.holdPage(query, page), repository.holdTotals(query)]);
        return {
          view: "holds",
          items: rows.map(toHold),
          total: totals.count,
          page: query.page,
          pageSize: BILLING_PAGE_SIZE,
          totals: { heldCents: totals.heldCents },
          methods,
        };
      }
      if (query.view === "payments") {
        const [rows, totals] = await Promise.all([
          repository.paymentPage(query, page),
          repository.paymentTotals(query),
        ]);
        const names = await recorders(rows);
        const { count, ...sums } = totals;
        return {
          view: "payments",
          items: rows.map((row) => toPayment(row, names)),
          total: count,
          page: query.page,
          pageSize: BILLING_PAGE_SIZE,
          totals: sums,
          methods,
        };
      }
      const [rows, totals] = await Promise.all([repository.invoicePage(query, page), repository.invoiceTotals(query)]);
      const { count, ...sums } = totals;
      return {
        view: "invoices",
        items: rows.map(toInvoice),
        total: count,
        page: query.page,
        pageSize: BILLING_PAGE_SIZE,
        totals: sums,
        methods,
      };
    },

    /**
     * Everything the filters match (every page) as CSV lines, read in batches of CSV_BATCH rows
     * that continue from the last row read, so a large export streams in constant memory. Money
     * in dollars with two decimals, dates as ISO 8601.
     */
    async *csv(query: BillingQuery): AsyncGenerator<string> {
      yield CSV_BOM;
      if (query.view === "payments") {
        yield csvRow(PAYMENT_HEADER);
        let after: BillingCursor | undefined;
        for (;;) {
          const rows = await repository.paymentPage(query, { limit: CSV_BATCH, ...(after ? { after } : {}) });
          const names = await recorders(rows);
          yield rows
            .map((row) => {
              const payment = toPayment(row, names);
              return csvRow([
                payment.number,
                billingPaymentKindLabels[payment.kind],
                payment.customerName,
                payment.email,
                centsToDollars(payment.amountCents),
                payment.method,
                payment.provider,
                payment.reference,
                payment.receivedOn,
                payment.recordedBy,
                payment.recordedAt,
              ]);
            })
            .join("");
          if (rows.length < CSV_BATCH) return;
          after = rows.at(-1)?.cursor;
        }
      }
      if (query.view === "overdue") {
        yield csvRow(OVERDUE_HEADER);
        const today = dayOf(now());
        let after: BillingCursor | undefined;
        for (;;) {
          const rows = await repository.overduePage(query, today, { limit: CSV_BATCH, ...(after ? { after } : {}) });
          const businesses = await businessesOf(rows);
          yield rows
            .map((row) => {
              const overdue = toOverdue(row, businesses, today);
              return csvRow([
                overdue.number,
                overdue.businessName,
                overdue.customerName,
                overdue.email,
                overdue.orderedAt,
                overdue.dueOn,
                String(overdue.daysOverdue),
                centsToDollars(overdue.totalCents),
                centsToDollars(overdue.paidCents),
                centsToDollars(overdue.balanceCents),
                orderStatusLabels[overdue.orderStatus],
              ]);
            })
            .join("");
          if (rows.length < CSV_BATCH) return;
          after = rows.at(-1)?.cursor;
        }
      }
      if (query.view === "holds") {
        yield csvRow(HOLD_HEADER);
        let after: BillingCursor | undefined;
        for (;;) {
          const rows = await repository.holdPage(query, { limit: CSV_BATCH, ...(after ? { after } : {}) });
          yield rows
            .map((row) => {
              const hold = toHold(row);
              return csvRow([
                hold.number,
                hold.customerName,
                hold.email,
                centsToDollars(hold.amountCents),
                hold.method,
                hold.provider,
                hold.reference,
                hold.authorizedAt,
                hold.expiresAt,
                orderStatusLabels[hold.orderStatus],
                hold.refusal,
              ]);
            })
            .join("");
          if (rows.length < CSV_BATCH) return;
          after = rows.at(-1)?.cursor;
        }
      }
      yield csvRow(INVOICE_HEADER);
      let after: BillingCursor | undefined;
      for (;;) {
        const rows = await repository.invoicePage(query, { limit: CSV_BATCH, ...(after ? { after } : {}) });
        yield rows
          .map((row) => {
            const invoice = toInvoice(row);
            return csvRow([
              invoice.number,
              invoice.orderedAt,
              invoice.customerName,
              invoice.email,
              centsToDollars(invoice.totalCents),
              centsToDollars(invoice.paidCents),
              centsToDollars(invoice.refundedCents),
              invoice.method,
              billingStatusLabels[invoice.status],
              orderStatusLabels[invoice.orderStatus],
              invoice.paidOn,
            ]);
          })
          .join("");
        if (rows.length < CSV_BATCH) return;
        after = rows.at(-1)?.cursor;
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
