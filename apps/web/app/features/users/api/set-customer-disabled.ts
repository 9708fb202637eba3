import type { ManagedUser } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { userKeys } from "../query-keys.ts";

/** Disables (and signs out everywhere) or enables a customer account. */
export function setCustomerDisabled(id: string, disabled: boolean): Promise<ManagedUser> {
  return apiRequest<ManagedUser>(`/api/customers/${encodeURIComponent(id)}/${disabled ? "disable" : "enable"}`, {
    method: "POST",
  });
}

export function useSetCustomerDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) => setCustomerDisabled(id, disabled),
    onSuccess: (customer) => {
      queryClient.setQueryData(userKeys.customer(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: userKeys.customers });
    },
  });
}
