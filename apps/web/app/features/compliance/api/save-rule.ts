import type { ComplianceImportResult, ComplianceRuleInput, ComplianceRuleItem } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { useRefreshingMutation, useSaveMutation } from "../../../lib/mutation.ts";
import { complianceKeys } from "../query-keys.ts";

export const useCreateRule = () =>
  useRefreshingMutation(
    (input: ComplianceRuleInput) =>
      apiRequest<ComplianceRuleItem>("/api/admin/compliance/rules", { method: "POST", body: input }),
    complianceKeys.all,
  );

export const useUpdateRule = () =>
  useSaveMutation(
    ({ id, input }: { id: string; input: ComplianceRuleInput }) =>
      apiRequest<ComplianceRuleItem>(`/api/admin/compliance/rules/${encodeURIComponent(id)}`, {
        method: "PUT",
        body: input,
      }),
    { key: (rule) => complianceKeys.detail(rule.id), lists: complianceKeys.all },
  );

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
