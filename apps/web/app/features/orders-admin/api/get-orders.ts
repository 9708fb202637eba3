import type { AdminOrderList, AdminOrderListQuery } from "@shop/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { adminOrderKeys } from "../query-keys.ts";

/** GET /api/admin/orders with only the parameters that differ from the defaults. */
export function getOrders(query: AdminOrderListQuery): Promise<AdminOrderList> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const standard = value === undefined || value === "" || value === "newest" || value === 1;
    if (!standard) params.set(name, String(value));
  }
  const search = params.toString();
  return apiRequest<AdminOrderList>(`/api/admin/orders${search ? `?${search}` : ""}`);
}

/** One page of orders with the counts per status; the previous page stays on screen while the next one loads. */
export function useOrders(query: AdminOrderListQuery) {
  return useQuery({
    queryKey: adminOrderKeys.list(query),
    queryFn: () => getOrders(query),
    placeholderData: keepPreviousData,
  });
}
