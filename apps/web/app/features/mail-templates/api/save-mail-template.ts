import type { MailTemplate, MailTemplateInput } from "@shop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { mailTemplateKeys } from "../query-keys.ts";
import { mailTemplatePath } from "./get-mail-templates.ts";

export function saveMailTemplate({ kind, input }: { kind: string; input: MailTemplateInput }): Promise<MailTemplate> {
  return apiRequest<MailTemplate>(mailTemplatePath(kind), { method: "PUT", body: input });
}

/** Back to the default words: the shop's own are deleted. */
export function resetMailTemplate(kind: string): Promise<MailTemplate> {
  return apiRequest<MailTemplate>(mailTemplatePath(kind), { method: "DELETE" });
}

function useTemplateMutation<Input>(mutationFn: (input: Input) => Promise<MailTemplate>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (template) => {
      queryClient.setQueryData(mailTemplateKeys.detail(template.kind), template);
      return queryClient.invalidateQueries({ queryKey: mailTemplateKeys.list });
    },
  });
}

export const useSaveMailTemplate = () => useTemplateMutation(saveMailTemplate);
export const useResetMailTemplate = () => useTemplateMutation(resetMailTemplate);
