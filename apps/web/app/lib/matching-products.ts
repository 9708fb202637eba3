import type { AdminProductPage } from "@shop/shared";
import type { QueryKey } from "@tanstack/react-query";
import { apiRequest } from "./api.ts";
import { usePageQuery } from "./list-query.ts";

/** Products whose name or SKU matches, by name, for a form's product choice (under the asking feature's key). */
export function useMatchingProducts(queryKey: QueryKey, q: string) {
  return usePageQuery(queryKey, () => {
    const search = new URLSearchParams({ sort: "name" });
    if (q.trim()) search.set("q", q.trim());
    return apiRequest<AdminProductPage>(`/api/admin/products?${search}`);
  });
}
