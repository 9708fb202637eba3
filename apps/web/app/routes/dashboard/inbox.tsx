import type { ContactInboxQuery } from "@shop/shared";
import { CONTACT_INBOX_PAGE_SIZE, CONTACT_INBOX_STATUSES, type ContactInboxStatus } from "@shop/shared";
import { Inbox as InboxIcon } from "lucide-react";
import {
  AdminList,
  countedPageOf,
  ListFilter,
  ListSearch,
  listSummary,
  NoMatches,
  oneOf,
  optionsOf,
  useListParams,
} from "../../components/admin-list/index.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useInbox } from "../../features/contact-inbox/api/inbox.ts";
import { InboxTable } from "../../features/contact-inbox/components/inbox-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Inbox");
}

const LIST_PATH = "/dashboard/inbox";

const statusLabels: Record<ContactInboxStatus, string> = { unhandled: "Waiting", handled: "Handled" };

export default function Inbox() {
  const search = useListParams();
  const query = {
    status: oneOf(search.params.get("status"), CONTACT_INBOX_STATUSES),
    q: search.q || undefined,
    page: search.page,
  } satisfies ContactInboxQuery;
  const filtered = Boolean(query.status || query.q);
  const messages = useInbox(query);
  const page = messages.data && countedPageOf(messages.data, CONTACT_INBOX_PAGE_SIZE);
  const described = listSummary(page, { one: "message", many: "messages" }, filtered ? " matching the filters" : "");

  return (
    <>
      <AdminPageHeader
        title="Inbox"
        description="Messages from the Contact Us form, newest first. Open one to reply by e-mail or mark it handled."
      />
      <div className="mb-4 grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto]">
        <ListSearch
          id="inbox-search"
          label="Search messages"
          placeholder="Name, e-mail, order number or words"
          search={search}
        />
        <div className="lg:w-52">
          <ListFilter
            label="Status"
            name="status"
            value={query.status}
            options={optionsOf("All messages", CONTACT_INBOX_STATUSES, statusLabels)}
          />
        </div>
      </div>
      <AdminList
        query={messages}
        page={page}
        what="the messages"
        loading="Loading messages…"
        icon={InboxIcon}
        summary={described}
        table={(items, stale) => (
          <InboxTable
            messages={items}
            stale={stale}
            messagePath={(message) => `${LIST_PATH}/${encodeURIComponent(message.id)}`}
          />
        )}
        empty={
          filtered ? (
            <NoMatches icon={InboxIcon} title="No messages found" clearTo={LIST_PATH}>
              {query.q
                ? `No ${query.status ? statusLabels[query.status].toLowerCase() : ""} message matches “${query.q}”.`
                : query.status === "unhandled"
                  ? "Every message is handled."
                  : "No message fits this filter."}
            </NoMatches>
          ) : (
            <EmptyState icon={InboxIcon} title="No messages yet">
              What visitors send from the Contact Us page shows here, and the shop's address is told of each.
            </EmptyState>
          )
        }
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
