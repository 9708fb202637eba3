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
import { SALES_STATUSES } from "@shop/shared/constants";
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

const stateName = (code: string) => US_STATES[code as keyof typeof US_STATES] ?? code;

const isSale = (status: string) => (SALES_STATUSES as readonly string[]).includes(status);

/** Whether a move from one status to another takes an order into (+1) or out of (-1) the sales, or neither (0). */
function salesChange(from: string | null, to: string): 1 | -1 | 0 {
  const before = from !== null && isSale(from);
  const after = isSale(to);
  return before === after ? 0 : after ? 1 : -1;
}

/** Sales reports over a range of UTC days (docs/decisions/055). */
export function createReportsService(repository: ReportsRepository, deps: ReportsDeps) {
  /** Every product sold in the range, most sales first, named as it is today (as sold if deleted). */
  async function productRows(range: ReportRange) {
    const rows = await repository.byProduct(boundsOf(range));
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
    async sales(range: ReportRange): Promise<SalesReport> {
      const days = await repository.salesByDay(boundsOf(range));
      const bucket = reportBucket(range);
      const orders = days.reduce((sum, row) => sum + row.orders, 0);
      const revenueCents = days.reduce((sum, row) => sum + row.revenueCents, 0);
      return {
        ...range,
        bucket,
        orders,
        revenueCents,
        averageOrderCents: orders === 0 ? 0 : Math.round(revenueCents / orders),
        series: bucketSeries(range, bucket, days, ["orders", "revenueCents"]),
      };
    },

    async products(range: ReportRange, limit: number = TOP_PRODUCTS): Promise<ProductSalesReport> {
      const rows = await productRows(range);
      return {
        ...range,
        items: rows.slice(0, limit).map(({ categoryId: _category, ...row }) => row),
        total: rows.length,
      };
    },

    /** The variants with the most sales, each named as sold with its option values (docs/decisions/093). */
    async variants(range: ReportRange, limit: number = TOP_PRODUCTS): Promise<VariantSalesReport> {
      const rows = (await repository.byVariant(boundsOf(range)))
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
    async categories(range: ReportRange): Promise<CategorySalesReport> {
      const [rows, names] = await Promise.all([productRows(range), deps.categoryNames()]);
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

    async statuses(range: ReportRange): Promise<StatusReport> {
      const rows = await repository.byStatus(boundsOf(range));
      return {
        ...range,
        items: rows
          .map((row) => ({ ...row, status: row.status as OrderStatus }))
          .sort((a, b) => b.orders - a.orders || (a.status < b.status ? -1 : 1)),
      };
    },

    async states(range: ReportRange): Promise<StateReport> {
      const rows = await repository.byState(boundsOf(range));
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
    async csv(name: ReportCsvName, range: ReportRange | null): Promise<string> {
      const table = name === "low-stock" ? await lowStockTable() : await csvTable(name, range as ReportRange);
      return CSV_BOM + table.map(csvRow).join("");
    },
  };

  async function lowStockTable(): Promise<CsvCell[][]> {
    const { items } = await deps.lowStock();
    return [["Product", "SKU", "In stock"], ...items.map((row) => [row.name, row.sku, row.stock])];
  }

  /** A report of a range as CSV rows, the header first. */
  async function csvTable(name: Exclude<ReportCsvName, "low-stock">, range: ReportRange): Promise<CsvCell[][]> {
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
