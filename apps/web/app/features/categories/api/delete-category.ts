import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { categoryKeys } from "../query-keys.ts";

/** Deletes a category; the server refuses (409) while it still has products. */
export function deleteCategory(id: string): Promise<null> {
  return apiRequest<null>(`/api/MasterCategory/${id}`, { method: "DELETE" });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
