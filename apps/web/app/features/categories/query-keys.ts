/** TanStack Query keys of the categories screen. */
export const categoryKeys = {
  all: ["categories"] as const,
};
