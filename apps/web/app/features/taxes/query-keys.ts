import type { TaxRuleQuery } from "@shop/shared";

/** TanStack Query keys of Settings > Taxes; a saved tax rule or an import refreshes every list. */
export const taxKeys = {
  all: ["tax-rules"] as const,
  lists: ["tax-rules", "list"] as const,
  list: (query: TaxRuleQuery) => ["tax-rules", "list", query] as const,
  detail: (id: string) => ["tax-rules", "detail", id] as const,
  versions: (id: string) => ["tax-rules", "versions", id] as const,
};
