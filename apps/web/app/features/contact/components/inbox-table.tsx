import type { ContactInboxItem } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { Link } from "react-router";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/index.ts";
import { inboxMessagePath } from "../../../lib/admin-paths.ts";
import { countOf } from "../../../lib/format.ts";
import { HandledBadge } from "./handled-badge.tsx";

interface Props {
  messages: ContactInboxItem[];
  stale: boolean;
  /** Where one message is read and answered. */
}

/** The inbox's rows: who wrote (the link to the message), the start of what, when, and whether it is handled. */
export function InboxTable({ messages, stale }: Props) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Contact messages"
      stale={stale}
      columns={[
        { label: "From" },
        { label: "Message", className: hiddenBelow.md },
        { label: "Received", className: hiddenBelow.lg },
        { label: "Status" },
      ]}
    >
      {messages.map((message) => {
        const waiting = message.handledAt === null;
        return (
          <tr key={message.id} className={waiting ? "bg-amber-50/40" : undefined}>
            <td className={`${td} min-w-40 max-w-0 md:w-1/4`}>
              <Link
                to={inboxMessagePath(message.id)}
                className={`block truncate text-brand-800 underline-offset-2 hover:underline ${waiting ? "font-bold" : "font-semibold"}`}
              >
                {message.name}
              </Link>
              <span className="block truncate text-muted text-xs">{message.email}</span>
              <span className="mt-1 line-clamp-2 text-xs md:hidden">{message.message}</span>
            </td>
            <td className={`${td} ${hiddenBelow.md} max-w-0 w-1/2`}>
              {message.orderNumber && <span className="block text-muted text-xs">Order {message.orderNumber}</span>}
              <span className="line-clamp-2">{message.message}</span>
            </td>
            <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap`}>{formatDate(message.createdAt, "moment")}</td>
            <td className={td}>
              <span className="flex flex-col items-start gap-1">
                <HandledBadge message={message} />
                {message.replyCount > 0 && (
                  <span className="whitespace-nowrap text-muted text-xs">
                    {countOf(message.replyCount, "reply", "replies")}
                  </span>
                )}
              </span>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
