import type { ManagedUser } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { useRefreshingMutation } from "../../../lib/mutation.ts";
import { userKeys } from "../query-keys.ts";

/** Disables (and signs out everywhere) or enables a staff account. The server refuses, with a 409 in words,
 * to disable the signed-in member or the last Owner. */
export function setStaffDisabled(id: string, disabled: boolean): Promise<ManagedUser> {
  return apiRequest<ManagedUser>(`/api/staff/${encodeURIComponent(id)}/${disabled ? "disable" : "enable"}`, {
    method: "POST",
  });
}

export const useSetStaffDisabled = () =>
  useRefreshingMutation(
    ({ id, disabled }: { id: string; disabled: boolean }) => setStaffDisabled(id, disabled),
    userKeys.staff,
  );
