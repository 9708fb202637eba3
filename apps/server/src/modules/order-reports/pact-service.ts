import {
  centsToDollars,
  type OrderStatus,
  orderStatusLabels,
  PACT_PERIODS_PAGE_SIZE,
  type PactPeriodList,
  type PactReport,
  type PactShipment,
  type pactPeriodsQuerySchema,
  type pactReportQuerySchema,
  US_STATES,
  type UsState,
  type VariantOption,
  variantName,
} from "@shop/shared";
import type { BuyerLicence } from "@shop/shared/constants";
import { CSV_BOM, csvRow } from "@shop/shared/csv";
import type { z } from "zod";
import type { PactCursor, PactLineRow, PactRepository } from "./pact-repository.ts";

type PeriodsQuery = z.output<typeof pactPeriodsQuerySchema>;
type ReportQuery = z.output<typeof pactReportQuerySchema>;

/** Lines a report reads at a time, so a large month streams as CSV in constant memory. */
export const PACT_BATCH = 5_000;

/** One row per vape line: the Act's buyer, address, phone, brand, product, quantity, date, carrier and tracking. */
export const PACT_CSV_HEADER = [
  "Order",
  "Shipped on (UTC)",
  "Buyer",
  "Ship to name",
  "Address line 1",
  "Address line 2",
  "City",
  "State",
  "ZIP",
  "Phone",
  "Brand",
  "Product",
  "SKU",
  "Unit",
  "Quantity",
  "Pieces",
  "Excise collected (USD)",
  "Carrier",
  "Tracking number",
  "Order status",
  "Buyer's business (wholesale)",
  "Buyer's licence number",
  "Licence state",
];

/** The month's first moment and the next month's, UTC, as the order events' timestamps are written. */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, index - 1, 1)).toISOString(),
    to: new Date(Date.UTC(year, index, 1)).toISOString(),
  };
}

/** A wholesale order's buyer licence as the order kept it (docs/decisions/102); null for a retail order. */
function licenceOf(row: PactLineRow): BuyerLicence | null {
  return row.buyer_licence === null ? null : (JSON.parse(row.buyer_licence) as BuyerLicence);
}

function toShipment(row: PactLineRow): PactShipment {
  const licence = licenceOf(row);
  return {
    number: row.number,
    status: row.status as OrderStatus,
    shippedAt: row.shipped_at,
    customerName: row.customer_name,
    email: row.email,
    address: {
      fullName: row.ship_full_name,
      line1: row.ship_line1,
      line2: row.ship_line2,
      city: row.ship_city,
      state: row.ship_state,
      zip: row.ship_zip,
    },
    phone: row.ship_phone,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    buyerLicence: licence && {
      businessName: licence.businessName,
      number: licence.number,
      state: licence.state,
      expiresOn: licence.expiresOn,
    },
    lines: [],
  };
}

const toLine = (row: PactLineRow) => ({
  brand: row.brand,
  // The product as shipped: its name with the variant's option values (a flavour, a strength).
  name: variantName(
    row.name,
    row.variant_options === null
      ? []
      : (JSON.parse(row.variant_options) as VariantOption[]).map((option) => option.value),
  ),
  sku: row.sku,
  unit: row.unit as "piece" | "box",
  quantity: row.quantity,
  pieces: row.quantity * row.pieces_per_unit,
  exciseCents: Number(row.excise_cents ?? 0),
});

/** PACT Act reports (docs/decisions/048): staff's monthly vape shipments per state. */
export function createPactService(repository: PactRepository) {
  /** Every vape line of the month's shipments to the state, read in batches that go on from the last. */
  async function* batches(query: ReportQuery): AsyncGenerator<PactLineRow[]> {
    const filter = { state: query.state, ...monthBounds(query.month) };
    let after: PactCursor | undefined;
    for (;;) {
      const rows = await repository.lines(filter, { limit: PACT_BATCH, ...(after ? { after } : {}) });
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (!last || rows.length < PACT_BATCH) return;
      after = { shippedAt: last.shipped_at, orderId: last.order_id, position: last.position };
    }
  }

  return {
    /** The months and states that have vape shipments, newest month first, then by state. */
    async periods(query: PeriodsQuery): Promise<PactPeriodList> {
      const all = (await repository.periods(query.state)).sort(
        (a, b) => b.month.localeCompare(a.month) || a.state.localeCompare(b.state),
      );
      const states = query.state
        ? [query.state]
        : [...new Set(all.map((period) => period.state))].sort((a, b) => a.localeCompare(b));
      const offset = (query.page - 1) * PACT_PERIODS_PAGE_SIZE;
      return {
        items: all
          .slice(offset, offset + PACT_PERIODS_PAGE_SIZE)
          .map((period) => ({ ...period, state: period.state as UsState })),
        total: all.length,
        page: query.page,
        pageSize: PACT_PERIODS_PAGE_SIZE,
        states: states as UsState[],
      };
    },

    /** The month's vape shipments to the state, each order with its vape lines, for the page. */
    async report(query: ReportQuery): Promise<PactReport> {
      const shipments: PactShipment[] = [];
      const totals = { orders: 0, lines: 0, units: 0, pieces: 0, exciseCents: 0 };
      let current: PactShipment | undefined;
      for await (const rows of batches(query)) {
        for (const row of rows) {
          if (current?.number !== row.number) {
            current = toShipment(row);
            shipments.push(current);
            totals.orders += 1;
          }
          const line = toLine(row);
          current.lines.push(line);
          totals.lines += 1;
          totals.units += line.quantity;
          totals.pieces += line.pieces;
          totals.exciseCents += line.exciseCents;
        }
      }
      return {
        month: query.month,
        state: query.state,
        stateName: US_STATES[query.state],
        ...monthBounds(query.month),
        shipments,
        totals,
      };
    },

    /** The same report as CSV, one row per vape line (a spreadsheet shows text, never runs it). */
    async *csv(query: ReportQuery): AsyncGenerator<string> {
      yield CSV_BOM;
      yield csvRow(PACT_CSV_HEADER);
      for await (const rows of batches(query)) {
        yield rows
          .map((row) => {
            const line = toLine(row);
            const licence = licenceOf(row);
            return csvRow([
              row.number,
              row.shipped_at.slice(0, 10),
              row.customer_name,
              row.ship_full_name,
              row.ship_line1,
              row.ship_line2,
              row.ship_city,
              row.ship_state,
              row.ship_zip,
              row.ship_phone,
              line.brand,
              line.name,
              line.sku,
              line.unit === "box" ? "Box" : "Piece",
              line.quantity,
              line.pieces,
              centsToDollars(line.exciseCents),
              row.carrier,
              row.tracking_number,
              orderStatusLabels[row.status as OrderStatus],
              licence?.businessName ?? null,
              licence?.number ?? null,
              licence?.state ?? null,
            ]);
          })
          .join("");
      }
    },
  };
}

export type PactService = ReturnType<typeof createPactService>;
