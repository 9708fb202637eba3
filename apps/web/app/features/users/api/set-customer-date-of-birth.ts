import type { DateOfBirthInput, ManagedUser } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { userKeys } from "../query-keys.ts";

/** Sets or corrects a customer's date of birth (the customer gives it only once themselves). */
export function setCustomerDateOfBirth(id: string, body: DateOfBirthInput): Promise<ManagedUser> {
  return apiRequest<ManagedUser>(`/api/customers/${encodeURIComponent(id)}/date-of-birth`, { method: "PUT", body });
}

export function useSetCustomerDateOfBirth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, dateOfBirth }: { id: string; dateOfBirth: string }) =>
      setCustomerDateOfBirth(id, { dateOfBirth }),
    onSuccess: (customer) => {
      queryClient.setQueryData(userKeys.customer(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: userKeys.customers });
    },
  });
}
