import type { MailTemplate, MailTemplateList } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { mailTemplateKeys } from "../query-keys.ts";

export const mailTemplatePath = (kind: string) => `/api/admin/mail-templates/${encodeURIComponent(kind)}`;

/** Every e-mail staff may edit, the shop's words or the default (staff only). */
export function getMailTemplates(): Promise<MailTemplateList> {
  return apiRequest<MailTemplateList>("/api/admin/mail-templates");
}

export function useMailTemplates() {
  return useQuery({ queryKey: mailTemplateKeys.list, queryFn: getMailTemplates });
}

export function getMailTemplate(kind: string): Promise<MailTemplate> {
  return apiRequest<MailTemplate>(mailTemplatePath(kind));
}

export function useMailTemplate(kind: string) {
  return useQuery({ queryKey: mailTemplateKeys.detail(kind), queryFn: () => getMailTemplate(kind) });
}
