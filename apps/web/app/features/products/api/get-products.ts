import type { AdminProductListQuery, AdminProductPage } from "@shop/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { productKeys } from "../query-keys.ts";

/** GET /api/admin/products with only the parameters that differ from the defaults. */
export function getProducts(query: AdminProductListQuery): Promise<AdminProductPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const standard = value === undefined || value === "" || value === "all" || value === "updated" || value === 1;
    if (!standard) params.set(name, String(value));
  }
  const search = params.toString();
  return apiRequest<AdminProductPage>(`/api/admin/products${search ? `?${search}` : ""}`);
}

/** One page of products; the previous page stays on screen while the next one loads. */
export function useProducts(query: AdminProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: () => getProducts(query),
    placeholderData: keepPreviousData,
  });
}
