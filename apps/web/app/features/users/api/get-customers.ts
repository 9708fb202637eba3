import type { ManagedUserPage } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { userKeys } from "../query-keys.ts";

export function getCustomers(q: string, page: number): Promise<ManagedUserPage> {
  const search = searchOf({ q, page }, (name, value) => name === "page" && Number(value) <= 1);
  return apiRequest<ManagedUserPage>(withSearch("/api/customers", search));
}

/** One page of customers; the previous page stays on screen while the next one loads. */
export const useCustomers = (q: string, page: number) =>
  usePageQuery(userKeys.customerList(q, page), () => getCustomers(q, page));
