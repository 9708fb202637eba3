import type { ManagedUserPage } from "@shop/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { userKeys } from "../query-keys.ts";

export function getStaff(page: number): Promise<ManagedUserPage> {
  return apiRequest<ManagedUserPage>(`/api/staff${page > 1 ? `?page=${page}` : ""}`);
}

export function useStaff(page: number) {
  return useQuery({
    queryKey: userKeys.staffList(page),
    queryFn: () => getStaff(page),
    placeholderData: keepPreviousData,
  });
}
