import type { DateOfBirthInput, ManagedUser } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { useSaveMutation } from "../../../lib/mutation.ts";
import { userKeys } from "../query-keys.ts";

/** Sets or corrects a customer's date of birth (the customer gives it only once themselves). */
export function setCustomerDateOfBirth(id: string, body: DateOfBirthInput): Promise<ManagedUser> {
  return apiRequest<ManagedUser>(`/api/customers/${encodeURIComponent(id)}/date-of-birth`, { method: "PUT", body });
}

export const useSetCustomerDateOfBirth = () =>
  useSaveMutation(
    ({ id, dateOfBirth }: { id: string; dateOfBirth: string }) => setCustomerDateOfBirth(id, { dateOfBirth }),
    { key: (customer) => userKeys.customer(customer.id), lists: userKeys.customers },
  );
