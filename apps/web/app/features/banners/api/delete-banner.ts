import type { Banner } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/api-error.ts";
import { bannerKeys } from "../query-keys.ts";

export function deleteBanner(id: string): Promise<null> {
  return apiRequest<null>(`/api/banner/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Deletes a banner; the list is loaded again afterwards (spec section 4: confirm, delete, reload). */
export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: bannerKeys.detail(id) }),
    // Reloaded after a failure too: a banner someone else deleted meanwhile leaves the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bannerKeys.list }),
  });
}

/** The toast of a failed delete: which banner, and the server's words. */
export function deleteBannerErrorText(banner: Banner, error: unknown): string {
  const reason = errorMessage(error);
  return `Failed to delete “${banner.tittle}”: ${reason}`;
}
