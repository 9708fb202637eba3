import type { BillingList, BillingQuery } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { adminOrderKeys } from "../query-keys.ts";

const DEFAULTS: Record<string, string> = { view: "invoices", sort: "newest", page: "1" };

/** The query's parameters that differ from the defaults, as the address and the API take them. */
export function billingSearch(query: BillingQuery, { withPage = true } = {}): string {
  return searchOf(query, (name, value) => DEFAULTS[name] === String(value) || (name === "page" && !withPage));
}

/** GET /api/admin/billing: one page of invoices or payments, with the filtered set's totals. */
export function getBilling(query: BillingQuery): Promise<BillingList> {
  const search = billingSearch(query);
  return apiRequest<BillingList>(withSearch("/api/admin/billing", search));
}

/** The CSV of everything the query's filters match, every page (the browser downloads it). */
export function billingCsvUrl(query: BillingQuery): string {
  const search = billingSearch(query, { withPage: false });
  return withSearch("/api/admin/billing.csv", search);
}

/**
 * Billing's page; kept under the orders' keys, so recording a payment or a refund on an order
 * refreshes it. The previous page stays on screen while the next one loads.
 */
export function useBilling(query: BillingQuery) {
  return usePageQuery([...adminOrderKeys.lists, "billing", query], () => getBilling(query));
}
