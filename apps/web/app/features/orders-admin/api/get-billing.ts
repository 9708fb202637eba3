import type { BillingList, BillingQuery } from "@shop/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { adminOrderKeys } from "../query-keys.ts";

const DEFAULTS: Record<string, string> = { view: "invoices", sort: "newest", page: "1" };

/** The query's parameters that differ from the defaults, as the address and the API take them. */
export function billingSearch(query: BillingQuery, { withPage = true } = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === "" || DEFAULTS[name] === String(value)) continue;
    if (name === "page" && !withPage) continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/** GET /api/admin/billing: one page of invoices or payments, with the filtered set's totals. */
export function getBilling(query: BillingQuery): Promise<BillingList> {
  const search = billingSearch(query);
  return apiRequest<BillingList>(`/api/admin/billing${search ? `?${search}` : ""}`);
}

/** The CSV of everything the query's filters match, every page (the browser downloads it). */
export function billingCsvUrl(query: BillingQuery): string {
  const search = billingSearch(query, { withPage: false });
  return `/api/admin/billing.csv${search ? `?${search}` : ""}`;
}

/**
 * Billing's page; kept under the orders' keys, so recording a payment or a refund on an order
 * refreshes it. The previous page stays on screen while the next one loads.
 */
export function useBilling(query: BillingQuery) {
  return useQuery({
    queryKey: [...adminOrderKeys.lists, "billing", query] as const,
    queryFn: () => getBilling(query),
    placeholderData: keepPreviousData,
  });
}
