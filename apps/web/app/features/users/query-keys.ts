/** TanStack Query keys of the users screens; a change to one account refreshes every list. */
export const userKeys = {
  customers: ["customers"] as const,
  customerList: (q: string, page: number) => ["customers", "list", { q, page }] as const,
  customer: (id: string) => ["customers", "detail", id] as const,
  staff: ["staff"] as const,
  staffList: (page: number) => ["staff", "list", { page }] as const,
};
