import type { AdminProductListQuery, ProductImportResult } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, withSearch } from "../../../lib/list-query.ts";
import { productKeys } from "../query-keys.ts";

/** The CSV of every product the list's search, filters and sort match, every page (the browser downloads it). */
export function productsCsvUrl(query: AdminProductListQuery): string {
  const search = searchOf(query, (name, value) => value === "all" || value === "updated" || name === "page");
  return withSearch("/api/admin/products.csv", search);
}

/**
 * POST /api/admin/products/import: without `confirm`, what the file would do; with the preview's
 * id, the import itself (or, when the shop changed since, the new preview).
 */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; confirm?: string }) =>
      apiRequest<ProductImportResult>("/api/admin/products/import", { method: "POST", body }),
    onSuccess: (result) => {
      if (result.applied) return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
