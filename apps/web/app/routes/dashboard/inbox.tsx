import type { ContactInboxQuery } from "@shop/shared";
import { CONTACT_INBOX_PAGE_SIZE, CONTACT_INBOX_STATUSES, type ContactInboxStatus } from "@shop/shared";
import { Inbox as InboxIcon } from "lucide-react";
import {
  AdminList,
  countedPageOf,
  ListFilter,
  ListSearch,
  oneOf,
  optionsOf,
  useListParams,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useInbox } from "../../features/contact/api/inbox.ts";
import { InboxTable } from "../../features/contact/components/inbox-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Inbox");
}

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
        page={messages.data && countedPageOf(messages.data, CONTACT_INBOX_PAGE_SIZE)}
        noun={{ one: "message", many: "messages" }}
        icon={InboxIcon}
        table={(items, stale) => <InboxTable messages={items} stale={stale} />}
        narrowed={
          filtered && {
            title: "No messages found",
            children: query.q
              ? `No ${query.status ? statusLabels[query.status].toLowerCase() : ""} message matches “${query.q}”.`
              : query.status === "unhandled"
                ? "Every message is handled."
                : "No message fits this filter.",
          }
        }
        empty={{
          title: "No messages yet",
          children: "What visitors send from the Contact Us page shows here, and the shop's address is told of each.",
        }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
