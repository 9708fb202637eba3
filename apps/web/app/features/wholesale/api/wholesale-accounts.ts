import type { StaffWholesaleAccount, WholesaleAccountList, WholesaleApprove, WholesaleListQuery } from "@shop/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";

/** TanStack Query keys of the wholesale accounts screens; a review refreshes them all. */
export const wholesaleKeys = {
  all: ["wholesale-accounts"] as const,
  list: (query: WholesaleListQuery) => ["wholesale-accounts", "list", query] as const,
  one: (id: string) => ["wholesale-accounts", "one", id] as const,
};

const accountUrl = (id: string) => `/api/admin/wholesale-accounts/${encodeURIComponent(id)}`;

/** GET /api/admin/wholesale-accounts with only the parameters that differ from the defaults. */
export function getWholesaleAccounts(query: WholesaleListQuery): Promise<WholesaleAccountList> {
  const search = searchOf(query, (name, value) => name === "page" && value === 1);
  return apiRequest<WholesaleAccountList>(withSearch("/api/admin/wholesale-accounts", search));
}

/** One page of the wholesale accounts; the previous page stays on screen while the next one loads. */
export const useWholesaleAccounts = (query: WholesaleListQuery) =>
  usePageQuery(wholesaleKeys.list(query), () => getWholesaleAccounts(query));

export function useWholesaleAccount(id: string) {
  return useQuery({
    queryKey: wholesaleKeys.one(id),
    queryFn: () => apiRequest<StaffWholesaleAccount>(accountUrl(id)),
  });
}

/** What a Manager decides: the account (approve with terms, refuse with a reason) or one of its documents. */
export type WholesaleReview =
  | { step: "approve"; body: WholesaleApprove }
  | { step: "refuse"; reason: string }
  | { step: "approve-document"; documentId: string }
  | { step: "refuse-document"; documentId: string; reason: string };

function reviewRequest(id: string, review: WholesaleReview): Promise<StaffWholesaleAccount> {
  const documentUrl = (documentId: string) => `${accountUrl(id)}/documents/${encodeURIComponent(documentId)}`;
  switch (review.step) {
    case "approve":
      return apiRequest(`${accountUrl(id)}/approve`, { method: "POST", body: review.body });
    case "refuse":
      return apiRequest(`${accountUrl(id)}/refuse`, { method: "POST", body: { reason: review.reason } });
    case "approve-document":
      return apiRequest(`${documentUrl(review.documentId)}/approve`, { method: "POST" });
    case "refuse-document":
      return apiRequest(`${documentUrl(review.documentId)}/refuse`, {
        method: "POST",
        body: { reason: review.reason },
      });
  }
}

/** A Manager's review of the account `id`; the account and the lists are read again after it, done or not. */
export function useReviewWholesale(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: WholesaleReview) => reviewRequest(id, review),
    onSuccess: (account) => queryClient.setQueryData(wholesaleKeys.one(id), account),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wholesaleKeys.all }),
  });
}
