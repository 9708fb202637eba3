import type { AddOrderNote, AdminOrder } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { adminOrderKeys } from "../query-keys.ts";

/** POST /api/admin/orders/{number}/notes: staff's internal note; the buyer never sees it. */
export const addOrderNote = ({ number, note }: { number: string; note: AddOrderNote }) =>
  apiRequest<AdminOrder>(`/api/admin/orders/${encodeURIComponent(number)}/notes`, { method: "POST", body: note });

/** Adds a note; the page shows the order the server answers, note included. */
export function useAddOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrderNote,
    onSuccess: (order) => queryClient.setQueryData(adminOrderKeys.detail(order.number), order),
  });
}
