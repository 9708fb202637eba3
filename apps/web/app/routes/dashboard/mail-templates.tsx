import { href } from "react-router";
import { PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useMailTemplates } from "../../features/mail/api/get-mail-templates.ts";
import { TemplateList } from "../../features/mail/components/template-list.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Templates");
}

export const TEMPLATES_PATH = href("/dashboard/documents/templates");

/** Templates (decision 042): the shop's e-mails, each opening its editor. */
export default function MailTemplates() {
  const templates = useMailTemplates();
  return (
    <>
      <AdminPageHeader
        title="Templates"
        description="The e-mails the shop sends. Change their subject and text; placeholders fill in each order's or account's details."
      />
      {templates.isPending ? (
        <PanelsSkeleton grid="gap-3 md:grid-cols-2" panels={Array.from({ length: 6 }, () => "h-32")} />
      ) : templates.isError ? (
        <LoadError what="the e-mail templates" error={templates.error} onRetry={() => templates.refetch()} />
      ) : (
        <TemplateList templates={templates.data.items} pathOf={(kind) => `${TEMPLATES_PATH}/${kind}`} />
      )}
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
