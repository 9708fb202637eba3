import type { MailPreview } from "@shop/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebounced } from "../../../hooks/use-debounced.ts";
import { apiRequest } from "../../../lib/api.ts";
import { mailTemplateKeys } from "../query-keys.ts";
import { mailTemplatePath } from "./get-mail-templates.ts";

export function previewMailTemplate(kind: string, subject: string, body: string): Promise<MailPreview> {
  return apiRequest<MailPreview>(`${mailTemplatePath(kind)}/preview`, { method: "POST", body: { subject, body } });
}

/**
 * The e-mail as typed, rendered by the server with sample data (nothing is sent), shortly after the
 * typing stops; the last good preview stays while the next one loads. Blank fields are not asked for.
 */
export function useMailPreview(kind: string, subject: string, body: string) {
  const typed = useDebounced({ subject, body }, 350);
  const ready = typed.subject.trim() !== "" && typed.body.trim() !== "";
  const query = useQuery({
    queryKey: mailTemplateKeys.preview(kind, typed.subject, typed.body),
    queryFn: () => previewMailTemplate(kind, typed.subject, typed.body),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { ...query, settled: typed.subject === subject && typed.body === body };
}
