import type { ManagedUser, StaffRoleChange } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { useRefreshingMutation } from "../../../lib/mutation.ts";
import { userKeys } from "../query-keys.ts";

/** Gives a staff member another role. The server refuses, with a 409 in words, one's own and the last Owner's. */
export function changeStaffRole(id: string, role: StaffRoleChange["role"]): Promise<ManagedUser> {
  return apiRequest<ManagedUser>(`/api/staff/${encodeURIComponent(id)}/role`, { method: "PUT", body: { role } });
}

export const useChangeStaffRole = () =>
  useRefreshingMutation(
    ({ id, role }: { id: string; role: StaffRoleChange["role"] }) => changeStaffRole(id, role),
    userKeys.staff,
  );
