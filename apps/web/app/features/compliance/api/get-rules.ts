import type { ComplianceRuleList, ComplianceRuleQuery } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { complianceKeys } from "../query-keys.ts";

/** The query's parameters that are set (page 1 left out), as the address and the API take them. */
export function rulesSearch(query: ComplianceRuleQuery): string {
  return searchOf(query, (name, value) => name === "page" && String(value) === "1");
}

/** GET /api/admin/compliance/rules: one page of rules, each saying whether it is stale. */
export function getRules(query: ComplianceRuleQuery): Promise<ComplianceRuleList> {
  const search = rulesSearch(query);
  return apiRequest<ComplianceRuleList>(withSearch("/api/admin/compliance/rules", search));
}

/** Every rule as CSV, with the columns the import reads (the browser downloads it). */
export const RULES_CSV_URL = "/api/admin/compliance/rules.csv";

export const useRules = (query: ComplianceRuleQuery) => usePageQuery(complianceKeys.list(query), () => getRules(query));
