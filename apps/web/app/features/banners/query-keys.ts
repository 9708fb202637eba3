/** TanStack Query keys of the banner screens; a change to one banner refreshes the list and the banner. */
export const bannerKeys = {
  all: ["banners"] as const,
  list: ["banners", "list"] as const,
  detail: (id: string) => ["banners", "detail", id] as const,
};
