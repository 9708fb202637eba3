import type { MailTemplate } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { ChevronRight, Mail } from "lucide-react";
import { Link } from "react-router";

/** The e-mails staff may edit, each with when it goes out and whether the shop changed its words. */
export function TemplateList({ templates, pathOf }: { templates: MailTemplate[]; pathOf: (kind: string) => string }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {templates.map((template) => (
        <li key={template.kind} className="min-w-0">
          <Link
            to={pathOf(template.kind)}
            className="flex h-full items-start gap-4 rounded-2xl border border-line bg-white p-5 hover:border-brand-600"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-900">
              <Mail aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{template.name}</span>
                <span
                  className={`rounded-full px-2 py-0.5 font-medium text-xs ${
                    template.isDefault ? "bg-gray-100 text-gray-700" : "bg-amber-100 text-amber-900"
                  }`}
                >
                  {template.isDefault ? "Default" : "Edited"}
                </span>
              </span>
              <span className="mt-1 block text-muted text-sm">{template.description}</span>
              <span className="mt-2 block truncate text-sm">
                <span className="text-muted">Subject: </span>
                {template.subject}
              </span>
              {!template.isDefault && template.updatedAt && (
                <span className="mt-1 block text-muted text-xs">
                  Edited{template.updatedBy ? ` by ${template.updatedBy}` : ""} on {formatDate(template.updatedAt)}
                </span>
              )}
            </span>
            <ChevronRight aria-hidden="true" className="mt-2 size-5 shrink-0 text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
