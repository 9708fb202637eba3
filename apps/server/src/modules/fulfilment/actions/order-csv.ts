import {
  type adminOrderCsvQuerySchema,
  centsToDollars,
  fulfilmentLabels,
  type OrderStatus,
  orderStatusLabels,
} from "@shop/shared";
import { orderChannelLabels } from "@shop/shared/constants";
import { CSV_BOM, csvRow } from "@shop/shared/csv";
import type { z } from "zod";
import { CSV_BATCH } from "../../../lib/csv.ts";
import type { OrderCore } from "../order-core.ts";

/** The Order List's CSV: a row per order. */
const ORDER_CSV_HEADER = [
  "Order",
  "Order date",
  "Status",
  "Customer",
  "E-mail",
  "Ship or pickup",
  "Payment method",
  "Subtotal",
  "Discount",
  "Shipping",
  "Sales tax",
  "Total",
  "Channel",
];

/**
 * The Order List's CSV: the chosen orders, or everything the filters match, in the list's
 * order, read in batches of CSV_BATCH that continue from the last row read (constant memory).
 * Money in dollars with two decimals, dates as ISO 8601; text cells defended by csvRow.
 */
export function createOrderCsv({ lists }: Pick<OrderCore, "lists">) {
  return async function* csv(query: z.output<typeof adminOrderCsvQuerySchema>): AsyncGenerator<string> {
    yield CSV_BOM;
    yield csvRow(ORDER_CSV_HEADER);
    let after: { key: string | number; id: string } | undefined;
    for (;;) {
      const rows = await lists.csvBatch(query, { limit: CSV_BATCH, after });
      yield rows
        .map((row) =>
          csvRow([
            row.number,
            row.created_at,
            orderStatusLabels[row.status as OrderStatus],
            row.customer_name,
            row.email,
            fulfilmentLabels[row.fulfilment],
            row.payment_method_name,
            // The lines' sum: the total less every adjustment.
            centsToDollars(row.total_cents - Number(row.adjustments_cents)),
            centsToDollars(-Number(row.discount_cents)),
            centsToDollars(Number(row.shipping_cents)),
            centsToDollars(Number(row.tax_cents)),
            centsToDollars(row.total_cents),
            orderChannelLabels[row.channel],
          ]),
        )
        .join("");
      if (rows.length < CSV_BATCH) return;
      after = rows.at(-1)?.cursor;
    }
  };
}
