import type { ComplianceRuleInput, ComplianceRuleItem } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { complianceKeys } from "../query-keys.ts";

export function getRule(id: string): Promise<ComplianceRuleItem> {
  return apiRequest<ComplianceRuleItem>(`/api/admin/compliance/rules/${encodeURIComponent(id)}`);
}

export function useRule(id: string) {
  return useQuery({ queryKey: complianceKeys.detail(id), queryFn: () => getRule(id) });
}

/** A kept version of a rule: its fields then, who changed it and when. */
export interface RuleVersion {
  version: number;
  rule: ComplianceRuleInput;
  changedBy: string | null;
  changedAt: string;
}

export function useRuleVersions(id: string) {
  return useQuery({
    queryKey: complianceKeys.versions(id),
    queryFn: () => apiRequest<RuleVersion[]>(`/api/admin/compliance/rules/${encodeURIComponent(id)}/versions`),
  });
}
