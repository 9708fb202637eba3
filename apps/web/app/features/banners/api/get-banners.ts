import type { Banner } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { bannerKeys } from "../query-keys.ts";

/** Every banner, active or not, in display order (staff only). */
export function getBanners(): Promise<Banner[]> {
  return apiRequest<Banner[]>("/api/banner?all=true");
}

export function useBanners() {
  return useQuery({ queryKey: bannerKeys.list, queryFn: getBanners });
}
