import type { TaxRuleList, TaxRuleQuery } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { taxKeys } from "../query-keys.ts";

/** GET /api/admin/tax-rules: one page of tax rules, each saying whether it is stale. */
export function getTaxRules(query: TaxRuleQuery): Promise<TaxRuleList> {
  const search = searchOf(query, (name, value) => name === "page" && String(value) === "1");
  return apiRequest<TaxRuleList>(withSearch("/api/admin/tax-rules", search));
}

/** Every tax rule as CSV, with the columns the import reads (the browser downloads it). */
export const TAX_RULES_CSV_URL = "/api/admin/tax-rules.csv";

export const useTaxRules = (query: TaxRuleQuery) => usePageQuery(taxKeys.list(query), () => getTaxRules(query));
