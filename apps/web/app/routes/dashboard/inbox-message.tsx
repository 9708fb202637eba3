import { formatDate } from "@shop/shared/rules";
import { CheckCircle2, MailX, RotateCcw } from "lucide-react";
import { href } from "react-router";
import { toast } from "sonner";
import { AdminDetail, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useInboxMessage, useMarkHandled } from "../../features/contact/api/inbox.ts";
import { HandledBadge } from "../../features/contact/components/handled-badge.tsx";
import { ReplyForm } from "../../features/contact/components/reply-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { errorMessage } from "../../lib/api-error.ts";
import type { Route } from "./+types/inbox-message";

export function meta() {
  return adminMeta("Message");
}

const LIST_PATH = href("/dashboard/inbox");
const card = "rounded-2xl border border-line bg-white p-5 sm:p-6";

export default function InboxMessage({ params }: Route.ComponentProps) {
  const message = useInboxMessage(params.id);
  const mark = useMarkHandled(params.id);
  const notFound = isNotFound(message);
  const data = message.data;

  function setHandled(handled: boolean) {
    mark.mutate(handled, {
      onSuccess: () => toast.success(handled ? "Marked handled" : "Marked waiting again"),
      onError: (error) => toast.error(`Failed to change the message: ${errorMessage(error)}`),
    });
  }

  return (
    <>
      <AdminPageHeader
        title={data ? `Message from ${data.name}` : notFound ? "Message not found" : "Message"}
        currentLabel={data?.name ?? "Message"}
        segmentLabels={{ inbox: "Inbox" }}
        description={
          data ? (
            <span className="flex flex-wrap items-center gap-2">
              Received {formatDate(data.createdAt, "moment")}.
              <HandledBadge message={data} />
              {data.handledAt && data.handledBy && (
                <span>
                  By {data.handledBy}, {formatDate(data.handledAt, "moment")}.
                </span>
              )}
            </span>
          ) : undefined
        }
        actions={
          data &&
          (data.handledAt === null ? (
            <Button variant="secondary" disabled={mark.isPending} onClick={() => setHandled(true)}>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Mark handled
            </Button>
          ) : (
            <Button variant="secondary" disabled={mark.isPending} onClick={() => setHandled(false)}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Mark waiting
            </Button>
          ))
        }
      />
      <AdminDetail
        query={message}
        what="this message"
        skeleton={<PanelsSkeleton grid="gap-6 lg:grid-cols-2" panels={["h-64", "h-64"]} />}
        missing={{
          icon: MailX,
          noun: "message",
          back: { to: LIST_PATH, label: "Back to the inbox" },
          why: "The address may be mistyped.",
        }}
      >
        {(found) => (
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <div className="grid gap-6">
              <section aria-labelledby="message-heading" className={card}>
                <h2 id="message-heading" className="font-semibold text-lg">
                  Their message
                </h2>
                <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted">From</dt>
                  <dd className="break-words">{found.name}</dd>
                  <dt className="text-muted">E-mail</dt>
                  <dd className="break-words">
                    <a href={`mailto:${found.email}`} className="text-brand-800 underline underline-offset-2">
                      {found.email}
                    </a>
                  </dd>
                  {found.orderNumber && (
                    <>
                      <dt className="text-muted">Order number</dt>
                      <dd className="break-words">{found.orderNumber}</dd>
                    </>
                  )}
                </dl>
                <p className="mt-4 whitespace-pre-wrap break-words rounded-xl bg-gray-50 p-4 text-sm leading-relaxed">
                  {found.message}
                </p>
              </section>
              {found.replies.length > 0 && (
                <section aria-labelledby="replies-heading" className={card}>
                  <h2 id="replies-heading" className="font-semibold text-lg">
                    Replies sent ({found.replies.length})
                  </h2>
                  <ol className="mt-4 grid gap-4">
                    {found.replies.map((reply) => (
                      <li key={reply.id} className="border-brand-200 border-l-4 pl-4">
                        <p className="text-muted text-xs">
                          {reply.authorName}, {formatDate(reply.createdAt, "moment")}
                        </p>
                        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{reply.body}</p>
                      </li>
                    ))}
                  </ol>
                </section>
              )}
            </div>
            <section aria-labelledby="reply-heading" className={card}>
              <h2 id="reply-heading" className="font-semibold text-lg">
                {found.replies.length > 0 ? "Reply again" : "Reply by e-mail"}
              </h2>
              <p className="mt-1 mb-5 text-muted text-sm">Sending marks the message handled.</p>
              <ReplyForm message={found} />
            </section>
          </div>
        )}
      </AdminDetail>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
