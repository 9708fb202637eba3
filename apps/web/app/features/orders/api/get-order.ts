import type { AdminOrder } from "@shop/shared";
import { useQueries, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { adminOrderKeys } from "../query-keys.ts";

export function getOrder(number: string): Promise<AdminOrder> {
  return apiRequest<AdminOrder>(`/api/admin/orders/${encodeURIComponent(number)}`);
}

/** One order as staff see it: the buyer, the payments and what its status allows. */
export function useOrder(number: string) {
  return useQuery({ queryKey: adminOrderKeys.detail(number), queryFn: () => getOrder(number) });
}

/** Several orders as staff see them, each loaded (and cached) as its own page loads it. */
export function useOrdersByNumber(numbers: readonly string[]) {
  return useQueries({
    queries: numbers.map((number) => ({ queryKey: adminOrderKeys.detail(number), queryFn: () => getOrder(number) })),
  });
}
