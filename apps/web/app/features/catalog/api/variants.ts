import type { AdminProductVariants, ProductVariantsInput } from "@shop/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { productKeys } from "../query-keys.ts";

const variantsPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}/variants`;

/** GET …/variants: the product's options and every variant with all its fields (inactive ones too). */
export function useVariants(productId: string) {
  return useQuery({
    queryKey: productKeys.variants(productId),
    queryFn: () => apiRequest<AdminProductVariants>(variantsPath(productId)),
  });
}

/** PUT …/variants: the options and the whole grid at once; answers them as saved. */
export function useSaveVariants(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductVariantsInput) =>
      apiRequest<AdminProductVariants>(variantsPath(productId), { method: "PUT", body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(productKeys.variants(productId), saved);
      // The product form shows the own variant's SKU and prices; the lists, the overview and the
      // stock histories show the counts the grid may have set.
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
