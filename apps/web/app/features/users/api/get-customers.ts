import type { ManagedUserPage } from "@shop/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { userKeys } from "../query-keys.ts";

export function getCustomers(q: string, page: number): Promise<ManagedUserPage> {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return apiRequest<ManagedUserPage>(`/api/customers${query ? `?${query}` : ""}`);
}

/** One page of customers; the previous page stays on screen while the next one loads. */
export function useCustomers(q: string, page: number) {
  return useQuery({
    queryKey: userKeys.customerList(q, page),
    queryFn: () => getCustomers(q, page),
    placeholderData: keepPreviousData,
  });
}
