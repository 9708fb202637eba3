import type {
  CategorySalesReport,
  LowStock,
  ProductSalesReport,
  ReportCsvName,
  SalesReport,
  StateReport,
  StatusReport,
  VariantSalesReport,
} from "@shop/shared";
import type { OrderChannel } from "@shop/shared/constants";
import type { ReportRange as DayRange } from "@shop/shared/rules";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";

/** A report's days, narrowed to one channel or none (both; docs/decisions/102). */
export type ReportRange = DayRange & { channel?: OrderChannel | null | undefined };

/** TanStack Query keys of the reports: every report of a range shares its prefix. */
export const reportKeys = {
  all: ["reports"] as const,
  report: (name: string, range: ReportRange | null) =>
    ["reports", name, range?.from, range?.to, range?.channel ?? null] as const,
};

const rangeSearch = (range: ReportRange) =>
  new URLSearchParams({
    from: range.from,
    to: range.to,
    ...(range.channel ? { channel: range.channel } : {}),
  }).toString();

function useReport<T>(name: string, range: ReportRange | null) {
  return useQuery({
    queryKey: reportKeys.report(name, range),
    queryFn: () => apiRequest<T>(`/api/admin/reports/${name}?${rangeSearch(range as ReportRange)}`),
    enabled: range !== null,
    // A new range keeps the last figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/reports/sales: orders, revenue and the average order, over time. */
export const useSalesReport = (range: ReportRange | null) => useReport<SalesReport>("sales", range);
/** GET /api/admin/reports/products: the ten products with the most sales. */
export const useProductsReport = (range: ReportRange | null) => useReport<ProductSalesReport>("products", range);
/** GET /api/admin/reports/variants: the ten variants (a flavour, a strength, a size) with the most sales. */
export const useVariantsReport = (range: ReportRange | null) => useReport<VariantSalesReport>("variants", range);
/** GET /api/admin/reports/categories: sales by category. */
export const useCategoriesReport = (range: ReportRange | null) => useReport<CategorySalesReport>("categories", range);
/** GET /api/admin/reports/statuses: every order placed, by its status now. */
export const useStatusesReport = (range: ReportRange | null) => useReport<StatusReport>("statuses", range);
/** GET /api/admin/reports/states: sales by the state they go to. */
export const useStatesReport = (range: ReportRange | null) => useReport<StateReport>("states", range);

/** GET /api/admin/reports/low-stock: active products at or under the low-stock threshold. */
export function useLowStockReport() {
  return useQuery({
    queryKey: [...reportKeys.all, "low-stock"],
    queryFn: () => apiRequest<LowStock>("/api/admin/reports/low-stock"),
  });
}

/** The CSV of a report (the browser downloads it). */
export const reportCsvUrl = (name: ReportCsvName, range: ReportRange | null): string =>
  name === "low-stock" || range === null
    ? `/api/admin/reports/${name}.csv`
    : `/api/admin/reports/${name}.csv?${rangeSearch(range)}`;
