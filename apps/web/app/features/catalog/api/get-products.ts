import type { AdminProductListQuery, AdminProductPage } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { productKeys } from "../query-keys.ts";

/** GET /api/admin/products with only the parameters that differ from the defaults. */
export function getProducts(query: AdminProductListQuery): Promise<AdminProductPage> {
  const search = searchOf(query, (_, value) => value === "all" || value === "updated" || value === 1);
  return apiRequest<AdminProductPage>(withSearch("/api/admin/products", search));
}

/** One page of products; the previous page stays on screen while the next one loads. */
export const useProducts = (query: AdminProductListQuery) =>
  usePageQuery(productKeys.list(query), () => getProducts(query));
