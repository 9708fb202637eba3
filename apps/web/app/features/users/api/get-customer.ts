import type { ManagedUser } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { userKeys } from "../query-keys.ts";

export function getCustomer(id: string): Promise<ManagedUser> {
  return apiRequest<ManagedUser>(`/api/customers/${encodeURIComponent(id)}`);
}

export function useCustomer(id: string) {
  return useQuery({ queryKey: userKeys.customer(id), queryFn: () => getCustomer(id) });
}
