import type { ManagedUserPage } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { usePageQuery } from "../../../lib/list-query.ts";
import { userKeys } from "../query-keys.ts";

export function getStaff(page: number): Promise<ManagedUserPage> {
  return apiRequest<ManagedUserPage>(`/api/staff${page > 1 ? `?page=${page}` : ""}`);
}

/** One page of staff; the previous page stays on screen while the next one loads. */
export const useStaff = (page: number) => usePageQuery(userKeys.staffList(page), () => getStaff(page));
