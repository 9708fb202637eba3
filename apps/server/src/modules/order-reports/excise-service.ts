import {
  centsToDollars,
  type ExcisePeriod,
  type ExciseReport,
  type ExciseReportLine,
  type exciseReportQuerySchema,
  exciseReversals,
  type OrderStatus,
  orderStatusLabels,
  type TaxBasis,
  taxBasisLabels,
  taxRateText,
  type VariantOption,
} from "@shop/shared";
import { CSV_BOM, csvRow } from "@shop/shared/csv";
import type { z } from "zod";
import type { ExciseBounds, ExciseCursor, ExciseLineRow, ExciseRepository, RefundRow } from "./excise-repository.ts";
import { monthBounds } from "./pact-service.ts";

type ReportQuery = z.output<typeof exciseReportQuerySchema>;

/** Lines a report reads at a time, so a long range streams as CSV in constant memory. */
export const EXCISE_BATCH = 5_000;

/** One row per line: where, when, the order and buyer, the product, what the tax was worked out on, and the amount. */
export const EXCISE_CSV_HEADER = [
  "Jurisdiction",
  "Month",
  "Kind",
  "Order",
  "Date (UTC)",
  "Buyer",
  "Ship to name",
  "Address line 1",
  "Address line 2",
  "City",
  "State",
  "ZIP",
  "Brand",
  "Product",
  "Variant",
  "SKU",
  "Unit",
  "Quantity",
  "Pieces",
  "Tax",
  "Basis",
  "Millilitres",
  "Taxed price (USD)",
  "Rate",
  "Amount (USD)",
  "Refund (USD)",
  "Order status",
];

const kindWords = { collected: "Collected", reversed: "Reversed by refund" } as const;

/** A rate as a filing reads it: "$0.10 per ml", "$0.50 per unit", "12.5% of the retail price". */
export function rateWords(basis: TaxBasis, units: number): string {
  const rate = taxRateText(basis, units);
  switch (basis) {
    case "per_ml":
      return `$${rate} per ml`;
    case "per_unit":
      return `$${rate} per unit`;
    case "retail_percent":
      return `${rate}% of the retail price`;
    case "wholesale_percent":
      return `${rate}% of the wholesale cost`;
  }
}

/** Thousandths of a millilitre as a plain number: 20,000 → "20", 2,500 → "2.5". */
export function millilitres(thousandths: number): string {
  const part = String(thousandths % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${Math.floor(thousandths / 1000)}${part ? `.${part}` : ""}`;
}

/** The range's first moment and the moment after its last month, UTC. */
export function exciseBounds(query: ReportQuery): ExciseBounds & { from: string; to: string } {
  const to = query.to ?? query.from;
  return { from: query.from, to, start: monthBounds(query.from).from, before: monthBounds(to).to };
}

function toLine(row: ExciseLineRow, at: string, amountCents: number, refund: RefundRow | null): ExciseReportLine {
  const options = row.variant_options === null ? [] : (JSON.parse(row.variant_options) as VariantOption[]);
  const basis = (row.tax_basis ?? "per_unit") as TaxBasis;
  return {
    id: refund ? `${row.adjustment_id}:${refund.id}` : row.adjustment_id,
    kind: refund ? "reversed" : "collected",
    number: row.number,
    at,
    status: row.status as OrderStatus,
    customerName: row.customer_name,
    address: {
      fullName: row.ship_full_name,
      line1: row.ship_line1,
      line2: row.ship_line2,
      city: row.ship_city,
      state: row.ship_state,
      zip: row.ship_zip,
    },
    brand: row.brand,
    product: row.name,
    variant: options.map((option) => `${option.name}: ${option.value}`).join(", "),
    sku: row.sku,
    unit: row.unit as "piece" | "box",
    quantity: row.quantity,
    pieces: row.pieces ?? 0,
    tax: row.label,
    basis,
    millilitres: row.basis_ml,
    basisCents: row.basis_cents,
    rate: rateWords(basis, row.rate_units ?? 0),
    amountCents,
    refundCents: refund?.amount_cents ?? null,
  };
}

/** A line's jurisdiction and month: where the tax applies, and the month it was collected or given back. */
interface Placed {
  where: string;
  line: ExciseReportLine;
}

const collectedLine = (row: ExciseLineRow): Placed => ({
  where: row.tax_where ?? "",
  line: toLine(row, row.placed_at, row.amount_cents, null),
});

/** Rows by their order's id, each order's in the order read. */
function byOrder<Row extends { order_id: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const found = new Map<string, Row[]>();
  for (const row of rows) {
    const list = found.get(row.order_id);
    if (list) list.push(row);
    else found.set(row.order_id, [row]);
  }
  return found;
}

/** The excise filing report (docs/decisions/098): collected per jurisdiction and month, less refunds' shares. */
export function createExciseService(repository: ExciseRepository) {
  /** Every collected line of the range, read in batches that go on from the last. */
  async function* collected(bounds: ExciseBounds): AsyncGenerator<ExciseLineRow[]> {
    let after: ExciseCursor | undefined;
    for (;;) {
      const rows = await repository.collected(bounds, { limit: EXCISE_BATCH, ...(after ? { after } : {}) });
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (!last || rows.length < EXCISE_BATCH) return;
      after = { placedAt: last.placed_at, orderId: last.order_id, position: last.position };
    }
  }

  /**
   * What the refunds recorded in the range gave back: each refund's share of each excise line of
   * its order, worked out on every refund of the order so far (exciseReversals), by refund time.
   */
  async function reversed(bounds: ExciseBounds): Promise<Placed[]> {
    const orderIds = await repository.refundedOrders(bounds);
    if (orderIds.length === 0) return [];
    const [refunds, lines] = await Promise.all([repository.refundsOf(orderIds), repository.exciseOf(orderIds)]);
    const refundsByOrder = byOrder(refunds);
    const linesByOrder = byOrder(lines);
    const found: { refund: RefundRow; placed: Placed }[] = [];
    for (const [orderId, orderLines] of linesByOrder) {
      const orderRefunds = refundsByOrder.get(orderId) ?? [];
      const steps = exciseReversals(
        orderLines.map((line) => line.amount_cents),
        (orderLines[0] as ExciseLineRow).total_cents,
        orderRefunds.map((refund) => refund.amount_cents),
      );
      orderRefunds.forEach((refund, index) => {
        if (refund.created_at < bounds.start || refund.created_at >= bounds.before) return;
        orderLines.forEach((line, position) => {
          const cents = steps[index]?.[position] ?? 0;
          if (cents === 0) return;
          found.push({
            refund,
            placed: {
              where: line.tax_where ?? "",
              line: toLine(line, refund.created_at, -cents, refund),
            },
          });
        });
      });
    }
    return found
      .sort(
        (a, b) =>
          a.refund.created_at.localeCompare(b.refund.created_at) ||
          a.refund.id.localeCompare(b.refund.id) ||
          a.placed.line.number.localeCompare(b.placed.line.number),
      )
      .map(({ placed }) => placed);
  }

  return {
    /** The range's excise per jurisdiction and month, each with its lines, and the totals. */
    async report(query: ReportQuery): Promise<ExciseReport> {
      const bounds = exciseBounds(query);
      const periods = new Map<string, ExcisePeriod>();
      const totals = { collectedCents: 0, reversedCents: 0, netCents: 0 };
      const add = ({ where, line }: Placed) => {
        const month = line.at.slice(0, 7);
        const key = `${where}\u0000${month}`;
        let period = periods.get(key);
        if (!period) {
          period = { where, month, collectedCents: 0, reversedCents: 0, netCents: 0, lines: [] };
          periods.set(key, period);
        }
        period.lines.push(line);
        const side = line.kind === "collected" ? "collectedCents" : "reversedCents";
        period[side] += Math.abs(line.amountCents);
        period.netCents += line.amountCents;
        totals[side] += Math.abs(line.amountCents);
        totals.netCents += line.amountCents;
      };
      for await (const rows of collected(bounds)) for (const row of rows) add(collectedLine(row));
      for (const placed of await reversed(bounds)) add(placed);
      return {
        from: bounds.from,
        to: bounds.to,
        start: bounds.start,
        before: bounds.before,
        periods: [...periods.values()].sort((a, b) => a.where.localeCompare(b.where) || a.month.localeCompare(b.month)),
        totals,
      };
    },

    /** The same lines as CSV, one row each: the collected by time, then the reversals (a spreadsheet shows text, never runs it). */
    async *csv(query: ReportQuery): AsyncGenerator<string> {
      const bounds = exciseBounds(query);
      const row = ({ where, line }: Placed) =>
        csvRow([
          where,
          line.at.slice(0, 7),
          kindWords[line.kind],
          line.number,
          line.at.slice(0, 10),
          line.customerName,
          line.address.fullName,
          line.address.line1,
          line.address.line2,
          line.address.city,
          line.address.state,
          line.address.zip,
          line.brand,
          line.product,
          line.variant,
          line.sku,
          line.unit === "box" ? "Box" : "Piece",
          line.quantity,
          line.pieces,
          line.tax,
          taxBasisLabels[line.basis],
          line.millilitres === null ? "" : millilitres(line.millilitres),
          line.basisCents === null ? "" : centsToDollars(line.basisCents),
          line.rate,
          centsToDollars(line.amountCents),
          line.refundCents === null ? "" : centsToDollars(line.refundCents),
          orderStatusLabels[line.status],
        ]);
      yield CSV_BOM;
      yield csvRow(EXCISE_CSV_HEADER);
      for await (const rows of collected(bounds)) yield rows.map((found) => row(collectedLine(found))).join("");
      yield (await reversed(bounds)).map(row).join("");
    },
  };
}

export type ExciseService = ReturnType<typeof createExciseService>;
