import type { ContactInboxCount } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";

/** Every query of the contact inbox starts with this key, so one invalidation refreshes them all. */
export const INBOX_KEY = ["admin-inbox"] as const;
export const INBOX_COUNT_KEY = [...INBOX_KEY, "count"] as const;

/**
 * The sidebar's number: contact messages still waiting for staff. Asked again each minute and
 * whenever the window comes back into view, so a new message shows without a reload.
 */
export function useInboxCount(): number | undefined {
  const count = useQuery({
    queryKey: INBOX_COUNT_KEY,
    queryFn: () => apiRequest<ContactInboxCount>("/api/admin/contact/count"),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  return count.data?.unhandled;
}
