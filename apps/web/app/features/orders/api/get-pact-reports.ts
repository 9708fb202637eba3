import type { PactPeriodList, PactPeriodsQuery, PactReport } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { href } from "react-router";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { adminOrderKeys } from "../query-keys.ts";

/** GET /api/admin/reports/pact: the months and states with vape shipments, with their counts. */
export function getPactPeriods(query: PactPeriodsQuery): Promise<PactPeriodList> {
  const search = searchOf(query, (name, value) => name === "page" && String(value) === "1");
  return apiRequest<PactPeriodList>(withSearch("/api/admin/reports/pact", search));
}

/** The list of PACT reports; kept under the orders' keys, so shipping an order refreshes it. */
export function usePactPeriods(query: PactPeriodsQuery) {
  return usePageQuery([...adminOrderKeys.lists, "pact", query], () => getPactPeriods(query));
}

const reportSearch = (month: string, state: string) => new URLSearchParams({ month, state }).toString();

/** The page of one month's report for one state (href() puts parameters in as they are: they are encoded here). */
export const pactReportPath = (month: string, state: string): string =>
  href("/dashboard/reports/pact/:month/:state", {
    month: encodeURIComponent(month),
    state: encodeURIComponent(state),
  });

/** The CSV of one month's report for one state (the browser downloads it). */
export const pactCsvUrl = (month: string, state: string): string =>
  `/api/admin/reports/pact/report.csv?${reportSearch(month, state)}`;

export function getPactReport(month: string, state: string): Promise<PactReport> {
  return apiRequest<PactReport>(`/api/admin/reports/pact/report?${reportSearch(month, state)}`);
}

/** One month's vape shipments to one state, each order with its vape lines. */
export function usePactReport(month: string, state: string) {
  return useQuery({
    queryKey: [...adminOrderKeys.all, "pact-report", month, state],
    queryFn: () => getPactReport(month, state),
  });
}
