import type { AdminOrder } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { adminOrderKeys } from "../query-keys.ts";

export function getOrder(number: string): Promise<AdminOrder> {
  return apiRequest<AdminOrder>(`/api/admin/orders/${encodeURIComponent(number)}`);
}

/** One order as staff see it: the buyer, the payments and what its status allows. */
export function useOrder(number: string) {
  return useQuery({ queryKey: adminOrderKeys.detail(number), queryFn: () => getOrder(number) });
}
