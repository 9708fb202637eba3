import type { MasterCategory } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { categoryKeys } from "../query-keys.ts";

export function getCategories(): Promise<MasterCategory[]> {
  return apiRequest<MasterCategory[]>("/api/MasterCategory");
}

export function useCategories() {
  return useQuery({ queryKey: categoryKeys.all, queryFn: getCategories });
}
