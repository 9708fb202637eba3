import type { CreateStaffInput, ManagedUser } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { userKeys } from "../query-keys.ts";

/** Creates a staff account; the server e-mails the new member a link to set their password. */
export function createStaff(input: CreateStaffInput): Promise<ManagedUser> {
  return apiRequest<ManagedUser>("/api/staff", { method: "POST", body: input });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.staff }),
  });
}
