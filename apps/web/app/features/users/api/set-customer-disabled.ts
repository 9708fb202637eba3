import type { ManagedUser } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { useSaveMutation } from "../../../lib/mutation.ts";
import { userKeys } from "../query-keys.ts";

/** Disables (and signs out everywhere) or enables a customer account. */
export function setCustomerDisabled(id: string, disabled: boolean): Promise<ManagedUser> {
  return apiRequest<ManagedUser>(`/api/customers/${encodeURIComponent(id)}/${disabled ? "disable" : "enable"}`, {
    method: "POST",
  });
}

export const useSetCustomerDisabled = () =>
  useSaveMutation(({ id, disabled }: { id: string; disabled: boolean }) => setCustomerDisabled(id, disabled), {
    key: (customer) => userKeys.customer(customer.id),
    lists: userKeys.customers,
  });
