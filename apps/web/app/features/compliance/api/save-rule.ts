import type { ComplianceImportResult, ComplianceRuleInput, ComplianceRuleItem } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { complianceKeys } from "../query-keys.ts";

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ComplianceRuleInput) =>
      apiRequest<ComplianceRuleItem>("/api/admin/compliance/rules", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ComplianceRuleInput }) =>
      apiRequest<ComplianceRuleItem>(`/api/admin/compliance/rules/${encodeURIComponent(id)}`, {
        method: "PUT",
        body: input,
      }),
    onSuccess: (rule) => {
      queryClient.setQueryData(complianceKeys.detail(rule.id), rule);
      return queryClient.invalidateQueries({ queryKey: complianceKeys.all });
    },
  });
}

/** POST /api/admin/compliance/rules/import: a preview of what the CSV changes, or the change itself. */
export function useImportRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, preview }: { csv: string; preview: boolean }) =>
      apiRequest<ComplianceImportResult>("/api/admin/compliance/rules/import", {
        method: "POST",
        body: { csv, preview },
      }),
    onSuccess: (result) => {
      if (result.applied) return queryClient.invalidateQueries({ queryKey: complianceKeys.all });
    },
  });
}
