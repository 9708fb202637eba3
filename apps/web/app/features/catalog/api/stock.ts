import type { StockAdjustment, StockHistory } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { usePageQuery } from "../../../lib/list-query.ts";
import { productKeys } from "../query-keys.ts";

const stockPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;

/** GET …/stock-movements: the product's stock and the movements that explain it, newest first. */
export const useStockHistory = (id: string, page: number) =>
  usePageQuery(productKeys.stock(id, page), () =>
    apiRequest<StockHistory>(`${stockPath(id)}/stock-movements?page=${page}`),
  );

/** POST …/stock-adjustments: pieces added or taken with a reason; answers the stock and the first page. */
export function useAdjustStock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockAdjustment) =>
      apiRequest<StockHistory>(`${stockPath(id)}/stock-adjustments`, { method: "POST", body }),
    onSuccess: async (history) => {
      await queryClient.invalidateQueries({ queryKey: productKeys.stockOf(id) });
      queryClient.setQueryData(productKeys.stock(id, 1), history);
      // The lists, the overview's low-stock list and the edit form show the count too.
      await queryClient.invalidateQueries({ queryKey: productKeys.lists });
      await queryClient.invalidateQueries({ queryKey: productKeys.overview });
    },
  });
}
