import type { CreateStaffInput, ManagedUser } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { useRefreshingMutation } from "../../../lib/mutation.ts";
import { userKeys } from "../query-keys.ts";

/** Creates a staff account; the server e-mails the new member a link to set their password. */
export function createStaff(input: CreateStaffInput): Promise<ManagedUser> {
  return apiRequest<ManagedUser>("/api/staff", { method: "POST", body: input });
}

export const useCreateStaff = () => useRefreshingMutation(createStaff, userKeys.staff);
