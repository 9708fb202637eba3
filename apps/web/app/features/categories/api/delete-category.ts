import { apiRequest } from "../../../lib/api.ts";
import { useRefreshingMutation } from "../../../lib/mutation.ts";
import { categoryKeys } from "../query-keys.ts";

/** Deletes a category; the server refuses (409) while it still has products. */
export function deleteCategory(id: string): Promise<null> {
  return apiRequest<null>(`/api/MasterCategory/${id}`, { method: "DELETE" });
}

export const useDeleteCategory = () => useRefreshingMutation(deleteCategory, categoryKeys.all);
