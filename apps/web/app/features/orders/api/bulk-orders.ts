import type { BulkOrderAction, BulkOrderResult } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { adminOrderKeys } from "../query-keys.ts";

/** POST /api/admin/orders/bulk: each chosen order moves on its own, or is named with why not. */
export const bulkOrders = (action: BulkOrderAction) =>
  apiRequest<BulkOrderResult>("/api/admin/orders/bulk", { method: "POST", body: action });

/** A bulk action on the chosen orders; every list and every order's page catches up after it. */
export function useBulkOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkOrders,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}
