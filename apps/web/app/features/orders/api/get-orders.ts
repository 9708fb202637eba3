import type { AdminOrderList, AdminOrderListQuery } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { adminOrderKeys } from "../query-keys.ts";

/** GET /api/admin/orders with only the parameters that differ from the defaults. */
export function getOrders(query: AdminOrderListQuery): Promise<AdminOrderList> {
  const search = searchOf(query, (_, value) => value === "newest" || value === 1);
  return apiRequest<AdminOrderList>(withSearch("/api/admin/orders", search));
}

/** One page of orders with the counts per status; the previous page stays on screen while the next one loads. */
export const useOrders = (query: AdminOrderListQuery) =>
  usePageQuery(adminOrderKeys.list(query), () => getOrders(query));

/** The CSV of the chosen orders, or, with none chosen, of everything the list's filters match (every page). */
export function ordersCsvUrl(query: AdminOrderListQuery, numbers: readonly string[] = []): string {
  const search =
    numbers.length > 0
      ? new URLSearchParams({ numbers: numbers.join(",") }).toString()
      : searchOf(query, (name, value) => value === "newest" || name === "page");
  return withSearch("/api/admin/orders.csv", search);
}
