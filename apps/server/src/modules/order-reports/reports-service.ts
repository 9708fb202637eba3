import {
  bucketSeries,
  type CategorySalesReport,
  centsToDollars,
  type LowStock,
  type OrderStatus,
  orderStatusLabels,
  type ProductSalesReport,
  type ReportCsvName,
  type ReportRange,
  reportBucket,
  type SalesReport,
  type StateReport,
  type StatusReport,
  US_STATES,
  type VariantSalesReport,
  variantName,
} from "@shop/shared";
import { type OrderChannel, SALES_STATUSES } from "@shop/shared/constants";
import { CSV_BOM, type CsvCell, csvRow } from "@shop/shared/csv";
import { addDays } from "@shop/shared/rules";
import type { Executor } from "../../db/database.ts";
import type { ProductLabel } from "../catalog/service.ts";
import type { ReportBounds, ReportsRepository } from "./reports-repository.ts";

/** Products the screen lists; the CSV has them all. */
export const TOP_PRODUCTS = 10;

/** Products the low-stock report lists at most (the dashboard's home shows fewer). */
export const REPORT_LOW_STOCK_MAX = 500;

export interface ReportsDeps {
  productLabels(ids: readonly string[]): Promise<Map<string, ProductLabel>>;
  categoryNames(): Promise<Map<string, string>>;
  /** Active products at or under the low-stock threshold (a setting), fewest first. */
  lowStock(): Promise<LowStock>;
}

const boundsOf = ({ from, to }: ReportRange): ReportBounds => ({
  from: `${from}T00:00:00.000Z`,
  before: `${addDays(to, 1)}T00:00:00.000Z`,
});

/** A report's range with the channel it is narrowed to (none: both). */
type ChannelRange = ReportRange & { channel?: OrderChannel | undefined };

type Figures = { orders: number; quantity?: number; revenueCents?: number; salesCents?: number };

/**
 * The rows of both channels narrowed to one (docs/decisions/102): wholesale's figures, or retail's
 * as both less wholesale's, matched by `key`; a row with no orders left is dropped. The rest of a
 * row (names, SKUs) stays as both channels' reading has it.
 */
function ofChannel<R extends Figures>(
  all: R[],
  wholesale: readonly (Figures & { key: string })[],
  key: (row: R) => string,
  channel: OrderChannel | undefined,
): R[] {
  if (!channel) return all;
  const theirs = new Map(wholesale.map((row) => [row.key, row]));
  return all
    .map((row) => {
      const part = theirs.get(key(row));
      const figure = (name: keyof Figures) => {
        if (row[name] === undefined) return {};
        const theirsOf = part?.[name] ?? 0;
        return { [name]: channel === "wholesale" ? theirsOf : (row[name] as number) - theirsOf };
      };
      return {
        ...row,
        ...figure("orders"),
        ...figure("quantity"),
        ...figure("revenueCents"),
        ...figure("salesCents"),
      };
    })
    .filter((row) => row.orders > 0);
}

const stateName = (code: string) => US_STATES[code as keyof typeof US_STATES] ?? code;

const isSale = (status: string) => (SALES_STATUSES as readonly string[]).includes(status);

/** Whether a move from one status to another takes an order into (+1) or out of (-1) the sales, or neither (0). */
function salesChange(from: string | null, to: string): 1 | -1 | 0 {
  const before = from !== null && isSale(from);
  const after = isSale(to);
  return before === after ? 0 : after ? 1 : -1;
}

/** Lines' figures of the wholesale channel, keyed by product or variant id. */
const keyed = (rows: { id: string; orders: number; quantity: number; salesCents: number }[]) =>
  rows.map(({ id, ...figures }) => ({ ...figures, key: id }));

/** Sales reports over a range of UTC days (docs/decisions/055). */
export function createReportsService(repository: ReportsRepository, deps: ReportsDeps) {
  /** Every product sold in the range, most sales first, named as it is today (as sold if deleted). */
  async function productRows(range: ChannelRange) {
    const bounds = boundsOf(range);
    const rows = ofChannel(
      await repository.byProduct(bounds),
      range.channel ? keyed(await repository.wholesaleByLine(bounds, "product_id")) : [],
      (row) => row.productId,
      range.channel,
    );
    const labels = await deps.productLabels(rows.map((row) => row.productId));
    return rows
      .map((row) => {
        const label = labels.get(row.productId);
        return {
          ...row,
          name: label?.name ?? row.name ?? "",
          sku: label?.sku ?? row.sku ?? "",
          categoryId: label?.categoryId ?? null,
        };
      })
      .sort((a, b) => b.salesCents - a.salesCents || b.quantity - a.quantity || (a.name < b.name ? -1 : 1));
  }

  const service = {
    async sales({ channel, ...range }: ChannelRange): Promise<SalesReport> {
      const bounds = boundsOf(range);
      const [all, wholesale] = await Promise.all([repository.salesByDay(bounds), repository.wholesaleByDay(bounds)]);
      const days = ofChannel(
        all,
        wholesale.map((row) => ({ ...row, key: row.day })),
        (row) => row.day,
        channel,
      );
      const bucket = reportBucket(range);
      const sum = (rows: { orders: number; revenueCents: number }[]) => ({
        orders: rows.reduce((total, row) => total + row.orders, 0),
        revenueCents: rows.reduce((total, row) => total + row.revenueCents, 0),
      });
      const both = sum(all);
      const wholesaleTotals = sum(wholesale);
      const orders = days.reduce((sum, row) => sum + row.orders, 0);
      const revenueCents = days.reduce((sum, row) => sum + row.revenueCents, 0);
      return {
        ...range,
        bucket,
        orders,
        revenueCents,
        averageOrderCents: orders === 0 ? 0 : Math.round(revenueCents / orders),
        series: bucketSeries(range, bucket, days, ["orders", "revenueCents"]),
        channel: channel ?? null,
        channels: {
          retail: {
            orders: both.orders - wholesaleTotals.orders,
            revenueCents: both.revenueCents - wholesaleTotals.revenueCents,
          },
          wholesale: wholesaleTotals,
        },
      };
    },

    async products({ channel, ...range }: ChannelRange, limit: number = TOP_PRODUCTS): Promise<ProductSalesReport> {
      const rows = await productRows({ ...range, channel });
      return {
        ...range,
        items: rows.slice(0, limit).map(({ categoryId: _category, ...row }) => row),
        total: rows.length,
      };
    },

    /** The variants with the most sales, each named as sold with its option values (docs/decisions/093). */
    async variants({ channel, ...range }: ChannelRange, limit: number = TOP_PRODUCTS): Promise<VariantSalesReport> {
      const bounds = boundsOf(range);
      const rows = ofChannel(
        await repository.byVariant(bounds),
        channel ? keyed(await repository.wholesaleByLine(bounds, "variant_id")) : [],
        (row) => row.variantId,
        channel,
      )
        .map(({ options, ...row }) => ({
          ...row,
          name: variantName(
            row.name,
            options.map((option) => option.value),
          ),
        }))
        .sort((a, b) => b.salesCents - a.salesCents || b.quantity - a.quantity || (a.name < b.name ? -1 : 1));
      return { ...range, items: rows.slice(0, limit), total: rows.length };
    },

    /** Sales by the product's category today; a deleted product's lines under "Deleted products". */
    async categories({ channel, ...range }: ChannelRange): Promise<CategorySalesReport> {
      const [rows, names] = await Promise.all([productRows({ ...range, channel }), deps.categoryNames()]);
      const totals = new Map<string | null, { quantity: number; salesCents: number }>();
      for (const row of rows) {
        const entry = totals.get(row.categoryId) ?? { quantity: 0, salesCents: 0 };
        entry.quantity += row.quantity;
        entry.salesCents += row.salesCents;
        totals.set(row.categoryId, entry);
      }
      return {
        ...range,
        items: [...totals.entries()]
          .map(([categoryId, entry]) => ({
            categoryId,
            name: categoryId === null ? "Deleted products" : (names.get(categoryId) ?? "Unknown category"),
            ...entry,
          }))
          .sort((a, b) => b.salesCents - a.salesCents || (a.name < b.name ? -1 : 1)),
      };
    },

    async statuses({ channel, ...range }: ChannelRange): Promise<StatusReport> {
      const rows = await repository.byStatus(boundsOf(range), channel);
      return {
        ...range,
        items: rows
          .map((row) => ({ ...row, status: row.status as OrderStatus }))
          .sort((a, b) => b.orders - a.orders || (a.status < b.status ? -1 : 1)),
      };
    },

    async states({ channel, ...range }: ChannelRange): Promise<StateReport> {
      const bounds = boundsOf(range);
      const rows = ofChannel(
        await repository.byState(bounds),
        channel ? (await repository.wholesaleByState(bounds)).map((row) => ({ ...row, key: row.state })) : [],
        (row) => row.state,
        channel,
      );
      return {
        ...range,
        items: rows.sort((a, b) => b.revenueCents - a.revenueCents || (a.state < b.state ? -1 : 1)),
      };
    },

    lowStock: () => deps.lowStock(),

    /**
     * An order moved from `from` (null: it was just placed) to `to`, in the move's transaction
     * `executor`: the daily tables follow it into or out of the sales. Fulfilment calls this after
     * every status move, so the reports never read all the orders again (docs/decisions/092).
     */
    async orderMoved(executor: Executor, orderId: string, from: string | null, to: string): Promise<void> {
      const sign = salesChange(from, to);
      if (sign !== 0) await repository.adjustDailySales(executor, orderId, sign);
    },

    /** Fills the daily product sales again from the orders (after orders were written past this module). */
    rebuild: () => repository.rebuildDailySales(),

    /** A report as CSV (money in dollars with two decimals); the same figures as the screen, every row. */
    async csv(name: ReportCsvName, range: ChannelRange | null): Promise<string> {
      const table = name === "low-stock" ? await lowStockTable() : await csvTable(name, range as ChannelRange);
      return CSV_BOM + table.map(csvRow).join("");
    },
  };

  async function lowStockTable(): Promise<CsvCell[][]> {
    const { items } = await deps.lowStock();
    return [["Product", "SKU", "In stock"], ...items.map((row) => [row.name, row.sku, row.stock])];
  }

  /** A report of a range as CSV rows, the header first. */
  async function csvTable(name: Exclude<ReportCsvName, "low-stock">, range: ChannelRange): Promise<CsvCell[][]> {
    switch (name) {
      case "sales": {
        const report = await service.sales(range);
        const label = { day: "Day", week: "Week starting", month: "Month starting" }[report.bucket];
        return [
          [label, "Orders", "Revenue (USD)", "Average order (USD)"],
          ...report.series.map((row) => [
            row.start,
            row.orders,
            centsToDollars(row.revenueCents),
            centsToDollars(row.orders === 0 ? 0 : Math.round(row.revenueCents / row.orders)),
          ]),
          ["Total", report.orders, centsToDollars(report.revenueCents), centsToDollars(report.averageOrderCents)],
        ];
      }
      case "categories":
        return [
          ["Category", "Units", "Sales (USD)"],
          ...(await service.categories(range)).items.map((row) => [
            row.name,
            row.quantity,
            centsToDollars(row.salesCents),
          ]),
        ];
      case "products":
        return [
          ["Product", "SKU", "Orders", "Units", "Sales (USD)"],
          ...(await service.products(range, Number.MAX_SAFE_INTEGER)).items.map((row) => [
            row.name,
            row.sku,
            row.orders,
            row.quantity,
            centsToDollars(row.salesCents),
          ]),
        ];
      case "variants":
        return [
          ["Product", "SKU", "Orders", "Units", "Sales (USD)"],
          ...(await service.variants(range, Number.MAX_SAFE_INTEGER)).items.map((row) => [
            row.name,
            row.sku,
            row.orders,
            row.quantity,
            centsToDollars(row.salesCents),
          ]),
        ];
      case "statuses":
        return [
          ["Status", "Orders", "Totals (USD)"],
          ...(await service.statuses(range)).items.map((row) => [
            orderStatusLabels[row.status],
            row.orders,
            centsToDollars(row.totalCents),
          ]),
        ];
      case "states":
        return [
          ["State", "Code", "Orders", "Revenue (USD)"],
          ...(await service.states(range)).items.map((row) => [
            stateName(row.state),
            row.state,
            row.orders,
            centsToDollars(row.revenueCents),
          ]),
        ];
    }
  }

  return service;
}

export type ReportsService = ReturnType<typeof createReportsService>;
