import type { ContactInboxList, ContactInboxMessage, ContactInboxQuery, ContactReplyInput } from "@shop/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { INBOX_KEY } from "./inbox-count.ts";

/** TanStack Query keys of the contact inbox (the sidebar's count is under the same prefix). */
export const inboxKeys = {
  all: INBOX_KEY,
  list: (query: ContactInboxQuery) => [...INBOX_KEY, "list", query] as const,
  one: (id: string) => [...INBOX_KEY, "one", id] as const,
};

const messagePath = (id: string) => `/api/admin/contact/messages/${encodeURIComponent(id)}`;

/** One page of the inbox; the previous page stays on screen while the next one loads. */
export const useInbox = (query: ContactInboxQuery) =>
  usePageQuery(inboxKeys.list(query), () =>
    apiRequest<ContactInboxList>(
      withSearch(
        "/api/admin/contact/messages",
        searchOf(query, (name, value) => name === "page" && value === 1),
      ),
    ),
  );

export function useInboxMessage(id: string) {
  return useQuery({ queryKey: inboxKeys.one(id), queryFn: () => apiRequest<ContactInboxMessage>(messagePath(id)) });
}

/** After a change: the message as answered, and the lists and the count refreshed. */
function useSettle() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (message: ContactInboxMessage) => queryClient.setQueryData(inboxKeys.one(message.id), message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INBOX_KEY }),
  };
}

export function useMarkHandled(id: string) {
  return useMutation({
    mutationFn: (handled: boolean) =>
      apiRequest<ContactInboxMessage>(`${messagePath(id)}/handled`, { method: "PUT", body: { handled } }),
    ...useSettle(),
  });
}

export function useReply(id: string) {
  return useMutation({
    mutationFn: (reply: ContactReplyInput) =>
      apiRequest<ContactInboxMessage>(`${messagePath(id)}/replies`, { method: "POST", body: reply }),
    ...useSettle(),
  });
}
