import type { TaxRuleInput, TaxRuleItem } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { taxKeys } from "../query-keys.ts";

export function getTaxRule(id: string): Promise<TaxRuleItem> {
  return apiRequest<TaxRuleItem>(`/api/admin/tax-rules/${encodeURIComponent(id)}`);
}

export function useTaxRule(id: string) {
  return useQuery({ queryKey: taxKeys.detail(id), queryFn: () => getTaxRule(id) });
}

/** A kept version of a tax rule: its fields then, who changed it and when. */
export interface TaxRuleVersion {
  version: number;
  rule: TaxRuleInput;
  changedBy: string | null;
  changedAt: string;
}

export function useTaxRuleVersions(id: string) {
  return useQuery({
    queryKey: taxKeys.versions(id),
    queryFn: () => apiRequest<TaxRuleVersion[]>(`/api/admin/tax-rules/${encodeURIComponent(id)}/versions`),
  });
}
