import type { StockAdjustment, StockHistory } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { usePageQuery } from "../../../lib/list-query.ts";
import { productKeys } from "../query-keys.ts";

const stockPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;

/** GET …/stock-movements: a variant's stock and the movements that explain it, newest first (the id is the product's for its own variant). */
export const useStockHistory = (id: string, page: number) =>
  usePageQuery(productKeys.stock(id, page), () =>
    apiRequest<StockHistory>(`${stockPath(id)}/stock-movements?page=${page}`),
  );

/** POST …/stock-adjustments: pieces of a variant of the product added or taken with a reason; answers the stock and the first page. */
export function useAdjustStock(id: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockAdjustment) =>
      apiRequest<StockHistory>(`${stockPath(id)}/stock-adjustments`, { method: "POST", body }),
    onSuccess: async (history) => {
      await queryClient.invalidateQueries({ queryKey: productKeys.stockOf(id) });
      queryClient.setQueryData(productKeys.stock(id, 1), history);
      // The lists, the overview's low-stock list and the variants grid show the count too.
      await queryClient.invalidateQueries({ queryKey: productKeys.variants(productId) });
      await queryClient.invalidateQueries({ queryKey: productKeys.lists });
      await queryClient.invalidateQueries({ queryKey: productKeys.overview });
    },
  });
}
