import type { MailTemplate, MailTemplateInput } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { useSaveMutation } from "../../../lib/mutation.ts";
import { mailTemplateKeys } from "../query-keys.ts";
import { mailTemplatePath } from "./get-mail-templates.ts";

export function saveMailTemplate({ kind, input }: { kind: string; input: MailTemplateInput }): Promise<MailTemplate> {
  return apiRequest<MailTemplate>(mailTemplatePath(kind), { method: "PUT", body: input });
}

/** Back to the default words: the shop's own are deleted. */
export function resetMailTemplate(kind: string): Promise<MailTemplate> {
  return apiRequest<MailTemplate>(mailTemplatePath(kind), { method: "DELETE" });
}

const useTemplateMutation = <Input>(change: (input: Input) => Promise<MailTemplate>) =>
  useSaveMutation(change, { key: (template) => mailTemplateKeys.detail(template.kind), lists: mailTemplateKeys.list });

export const useSaveMailTemplate = () => useTemplateMutation(saveMailTemplate);
export const useResetMailTemplate = () => useTemplateMutation(resetMailTemplate);
