import type { DashboardOverview } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { productKeys } from "../query-keys.ts";

/** GET /api/admin/overview: counts of products, categories and active banners, and the products changed last. */
export function useOverview() {
  return useQuery({
    queryKey: productKeys.overview,
    queryFn: () => apiRequest<DashboardOverview>("/api/admin/overview"),
  });
}
