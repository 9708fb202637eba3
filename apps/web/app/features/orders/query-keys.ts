import type { AdminOrderListQuery } from "@shop/shared";

/** TanStack Query keys of the staff's order screens; an action on one order refreshes every list. */
export const adminOrderKeys = {
  all: ["admin-orders"] as const,
  lists: ["admin-orders", "list"] as const,
  list: (query: AdminOrderListQuery) => ["admin-orders", "list", query] as const,
  detail: (number: string) => ["admin-orders", "detail", number] as const,
};
