import type { TaxImportResult, TaxRuleInput, TaxRuleItem } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { useRefreshingMutation, useSaveMutation } from "../../../lib/mutation.ts";
import { taxKeys } from "../query-keys.ts";

export const useCreateTaxRule = () =>
  useRefreshingMutation(
    (input: TaxRuleInput) => apiRequest<TaxRuleItem>("/api/admin/tax-rules", { method: "POST", body: input }),
    taxKeys.all,
  );

export const useUpdateTaxRule = () =>
  useSaveMutation(
    ({ id, input }: { id: string; input: TaxRuleInput }) =>
      apiRequest<TaxRuleItem>(`/api/admin/tax-rules/${encodeURIComponent(id)}`, { method: "PUT", body: input }),
    { key: (rule) => taxKeys.detail(rule.id), lists: taxKeys.all },
  );

/** POST /api/admin/tax-rules/import: a preview of what the CSV changes, or the change itself. */
export function useImportTaxRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, preview }: { csv: string; preview: boolean }) =>
      apiRequest<TaxImportResult>("/api/admin/tax-rules/import", { method: "POST", body: { csv, preview } }),
    onSuccess: (result) => {
      if (result.applied) return queryClient.invalidateQueries({ queryKey: taxKeys.all });
    },
  });
}
