import type { Banner } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { bannerKeys } from "../query-keys.ts";

export function getBanner(id: string): Promise<Banner> {
  return apiRequest<Banner>(`/api/banner/${encodeURIComponent(id)}`);
}

export function useBanner(id: string) {
  return useQuery({ queryKey: bannerKeys.detail(id), queryFn: () => getBanner(id) });
}
