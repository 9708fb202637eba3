import type { AdminProduct, BulkProductAction } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { useSaveMutation } from "../../../lib/mutation.ts";
import { productKeys } from "../query-keys.ts";

/** The multipart form of POST /api/Product and PUT /api/Product/{id}, with the spec's field names. */
export interface ProductUploadDraft {
  /** Text values (already trimmed) and checkboxes as "true" / "false", by the spec's field names. */
  fields: Record<string, string>;
  mainImage: File | null;
  gallery: File[];
  /** Edit only: the pictures to keep, in their new order (main first). */
  keepImages?: string[];
}

export function productFormData(draft: ProductUploadDraft): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(draft.fields)) form.set(name, value);
  if (draft.keepImages) form.set("KeepImages", draft.keepImages.join(","));
  if (draft.mainImage) form.set("MainImage", draft.mainImage);
  for (const file of draft.gallery) form.append("GalleryImages", file);
  return form;
}

export function createProduct(draft: ProductUploadDraft): Promise<AdminProduct> {
  return apiRequest<AdminProduct>("/api/Product", { method: "POST", body: productFormData(draft) });
}

export function updateProduct({ id, draft }: { id: string; draft: ProductUploadDraft }): Promise<AdminProduct> {
  return apiRequest<AdminProduct>(`/api/Product/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: productFormData(draft),
  });
}

export function deleteProduct(id: string): Promise<null> {
  return apiRequest<null>(`/api/Product/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function bulkProducts(body: BulkProductAction): Promise<{ count: number; message: string }> {
  return apiRequest("/api/admin/products/bulk", { method: "POST", body });
}

const savedProduct = { key: (product: AdminProduct) => productKeys.detail(product.id), lists: productKeys.lists };

export const useCreateProduct = () => useSaveMutation(createProduct, savedProduct);
export const useUpdateProduct = () => useSaveMutation(updateProduct, savedProduct);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_, id) => {
      // Only when no page shows it: a page still open on it would ask again and meet a 404.
      queryClient.removeQueries({ queryKey: productKeys.detail(id), type: "inactive" });
      return queryClient.invalidateQueries({ queryKey: productKeys.lists });
    },
  });
}

export function useBulkProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkProducts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
