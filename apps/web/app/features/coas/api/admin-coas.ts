import type { CoaBatch, CoaList } from "@shop/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { usePageQuery } from "../../../lib/list-query.ts";
import { useMatchingProducts } from "../../../lib/matching-products.ts";
import { useSaveMutation } from "../../../lib/mutation.ts";

/** TanStack Query keys of the staff's lab results screens. */
export const coaKeys = {
  all: ["admin-coas"] as const,
  list: (q: string, page: number) => ["admin-coas", "list", q, page] as const,
  products: (q: string) => ["admin-coas", "products", q] as const,
  batch: (lotNumber: string) => ["admin-coas", "batch", lotNumber] as const,
};

const batchUrl = (lotNumber: string) => `/api/coas/${encodeURIComponent(lotNumber)}`;

/** Published batches, newest report first: the same list buyers search, by words of product or lot. */
export function useCoaList(q: string, page: number) {
  return usePageQuery(coaKeys.list(q, page), () => {
    const search = new URLSearchParams({ page: String(page) });
    if (q.trim()) search.set("q", q.trim());
    return apiRequest<CoaList>(`/api/coas?${search}`);
  });
}

/** Products whose name or SKU matches, for the Add COA form's product choice. */
export const useProductChoices = (q: string) => useMatchingProducts(coaKeys.products(q), q);

export function useCreateCoa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiRequest<CoaBatch>("/api/admin/coas", { method: "POST", body: form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coaKeys.all }),
  });
}

export function useDeleteCoa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lotNumber: string) =>
      apiRequest<null>(`/api/admin/coas/${encodeURIComponent(lotNumber)}`, { method: "DELETE" }),
    // Reloaded after a failure too: a batch someone else withdrew meanwhile leaves the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: coaKeys.all }),
  });
}

/** One published batch with its COA, as buyers see it. */
export function useCoaBatch(lotNumber: string) {
  return useQuery({ queryKey: coaKeys.batch(lotNumber), queryFn: () => apiRequest<CoaBatch>(batchUrl(lotNumber)) });
}

/** Corrects a COA's figures: the figures that change, as typed, and the reason (docs/decisions/083). */
export const useCorrectCoa = (lotNumber: string) =>
  useSaveMutation(
    (correction: Record<string, string>) =>
      apiRequest<CoaBatch>(`/api/admin/coas/${encodeURIComponent(lotNumber)}`, { method: "PATCH", body: correction }),
    { key: (batch) => coaKeys.batch(batch.lotNumber), lists: coaKeys.all },
  );
