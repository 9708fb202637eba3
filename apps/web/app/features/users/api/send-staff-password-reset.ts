import type { Message } from "@shop/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";

/** E-mails a staff member a link to choose a new password (202, with what happened in words). */
export function sendStaffPasswordReset(id: string): Promise<Message> {
  return apiRequest<Message>(`/api/staff/${encodeURIComponent(id)}/password-reset`, { method: "POST" });
}

export function useSendStaffPasswordReset() {
  return useMutation({ mutationFn: sendStaffPasswordReset });
}
