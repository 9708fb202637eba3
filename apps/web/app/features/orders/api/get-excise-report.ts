import type { ExciseReport } from "@shop/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { href } from "react-router";
import { apiRequest } from "../../../lib/api.ts";
import { adminOrderKeys } from "../query-keys.ts";

/** A month range of the excise report: the first and last months, YYYY-MM (the same for one month). */
export interface MonthRange {
  from: string;
  to: string;
}

const rangeSearch = (range: MonthRange) => new URLSearchParams({ from: range.from, to: range.to }).toString();

/** GET /api/admin/reports/excise: the range's excise per jurisdiction and month, each line with it. */
export function getExciseReport(range: MonthRange): Promise<ExciseReport> {
  return apiRequest<ExciseReport>(`/api/admin/reports/excise?${rangeSearch(range)}`);
}

/**
 * The excise report of a range (null: none chosen yet); kept under the orders' keys, so paying or
 * refunding an order refreshes it. A new range keeps the last figures on screen until its own arrive.
 */
export function useExciseReport(range: MonthRange | null) {
  return useQuery({
    queryKey: [...adminOrderKeys.all, "excise-report", range?.from, range?.to],
    queryFn: () => getExciseReport(range as MonthRange),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same range (the browser downloads it). */
export const exciseCsvUrl = (range: MonthRange): string => `/api/admin/reports/excise.csv?${rangeSearch(range)}`;

/** The printable report of the range (href() puts parameters in as they are: they are encoded here). */
export const exciseReportPath = (range: MonthRange): string =>
  href("/dashboard/reports/excise/:from/:to", {
    from: encodeURIComponent(range.from),
    to: encodeURIComponent(range.to),
  });
