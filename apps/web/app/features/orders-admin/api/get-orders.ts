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
