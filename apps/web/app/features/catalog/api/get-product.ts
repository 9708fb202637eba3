import type { AdminProduct } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { ApiRequestError } from "../../../lib/api-error.ts";
import { productKeys } from "../query-keys.ts";

export function getProduct(id: string): Promise<AdminProduct> {
  return apiRequest<AdminProduct>(`/api/admin/products/${encodeURIComponent(id)}`);
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: () => getProduct(id),
    // A product that is not there will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
}
