import { MailX } from "lucide-react";
import { href } from "react-router";
import { AdminDetail, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useMailTemplate } from "../../features/mail/api/get-mail-templates.ts";
import { TemplateEditor } from "../../features/mail/components/template-editor.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/mail-template";

export function meta() {
  return adminMeta("Edit Template");
}

const LIST_PATH = href("/dashboard/documents/templates");

/** One e-mail's editor: subject, text, placeholders, live preview, save and reset. */
export default function EditMailTemplate({ params }: Route.ComponentProps) {
  const template = useMailTemplate(params.kind);
  const notFound = isNotFound(template);
  const name = template.data?.name;
  return (
    <>
      <AdminPageHeader
        title={name ? `Edit “${name}”` : notFound ? "E-mail not found" : "Edit Template"}
        currentLabel={name ?? "E-mail"}
        description={template.data?.description}
      />
      <AdminDetail
        query={template}
        what="this e-mail template"
        skeleton={<PanelsSkeleton grid="gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" panels={["h-[32rem]", "h-80"]} />}
        missing={{
          icon: MailX,
          noun: "e-mail",
          back: { to: LIST_PATH, label: "Back to the e-mails" },
          why: "The address may be mistyped.",
        }}
      >
        {(data) => (
          <TemplateEditor key={`${data.kind}-${data.updatedAt ?? "default"}`} template={data} listPath={LIST_PATH} />
        )}
      </AdminDetail>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
