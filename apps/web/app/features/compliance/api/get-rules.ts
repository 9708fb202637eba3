import type { ComplianceRuleList, ComplianceRuleQuery } from "@shop/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { complianceKeys } from "../query-keys.ts";

/** The query's parameters that are set (page 1 left out), as the address and the API take them. */
export function rulesSearch(query: ComplianceRuleQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === "" || (name === "page" && String(value) === "1")) continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/** GET /api/admin/compliance/rules: one page of rules, each saying whether it is stale. */
export function getRules(query: ComplianceRuleQuery): Promise<ComplianceRuleList> {
  const search = rulesSearch(query);
  return apiRequest<ComplianceRuleList>(`/api/admin/compliance/rules${search ? `?${search}` : ""}`);
}

/** Every rule as CSV, with the columns the import reads (the browser downloads it). */
export const RULES_CSV_URL = "/api/admin/compliance/rules.csv";

export function useRules(query: ComplianceRuleQuery) {
  return useQuery({
    queryKey: complianceKeys.list(query),
    queryFn: () => getRules(query),
    placeholderData: keepPreviousData,
  });
}
