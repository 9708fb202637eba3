import type { ComplianceRuleQuery } from "@shop/shared";

/** TanStack Query keys of Settings > Compliance; a saved rule or an import refreshes every list. */
export const complianceKeys = {
  all: ["compliance-rules"] as const,
  lists: ["compliance-rules", "list"] as const,
  list: (query: ComplianceRuleQuery) => ["compliance-rules", "list", query] as const,
  detail: (id: string) => ["compliance-rules", "detail", id] as const,
  versions: (id: string) => ["compliance-rules", "versions", id] as const,
};
