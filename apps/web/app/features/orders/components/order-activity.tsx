import { type AddOrderNote, type AdminOrder, addOrderNoteSchema, ORDER_NOTE_MAX_LENGTH } from "@shop/shared";
import { orderStatusLabels } from "@shop/shared/constants";
import { formatCount, formatDate } from "@shop/shared/rules";
import { Lock, MessageSquareText } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Field, fieldProps, inputClass } from "../../../components/form/field.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useAddOrderNote } from "../api/add-note.ts";
import { labelledResolver } from "./form-resolver.ts";

const labels = { body: "The note" };
const resolver = labelledResolver<AddOrderNote, AddOrderNote>(addOrderNoteSchema, labels);

type Entry =
  | {
      kind: "event";
      at: string;
      key: string;
      status: AdminOrder["events"][number]["status"];
      note: string | null;
      by: string;
    }
  | { kind: "note"; at: string; key: string; body: string; author: string };

/** The order's status changes and staff's notes in one list, newest first (as a shop's timeline reads). */
export function activityEntries(order: Pick<AdminOrder, "events" | "notes">): Entry[] {
  const entries: Entry[] = [
    ...order.events.map((event, index) => ({
      kind: "event" as const,
      at: event.at,
      key: `event-${index}`,
      status: event.status,
      note: event.note,
      by: event.by,
    })),
    ...order.notes.map((note) => ({
      kind: "note" as const,
      at: note.createdAt,
      key: `note-${note.id}`,
      body: note.body,
      author: note.authorName,
    })),
  ];
  // Stable: at the same moment, the order they were recorded in, reversed with the rest.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index)
    .reverse()
    .map(({ entry }) => entry);
}

function NoteForm({ order }: { order: AdminOrder }) {
  const add = useAddOrderNote();
  const form = useForm<AddOrderNote>({ resolver, defaultValues: { body: "" } });
  useUnsavedChanges(form, "this note");
  const { id, error, ...textarea } = fieldProps(form, "order-note")("body");
  const { isSubmitting, errors } = form.formState;

  async function send(note: AddOrderNote) {
    try {
      await add.mutateAsync({ number: order.number, note });
      form.reset({ body: "" });
      toast.success("Note added");
    } catch (failure) {
      const problem = showServerErrors(form.setError, failure, ["body"], labels, { setFocus: form.setFocus });
      toast.error(`Failed to add the note: ${problemInWords(problem, labels)}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(send)} className="grid gap-3">
      <Field
        id={id}
        label="Add a note"
        error={error}
        hint={`For staff only: the buyer never sees it. ${formatCount(ORDER_NOTE_MAX_LENGTH)} characters at most.`}
      >
        {(describedBy) => (
          <textarea
            id={id}
            rows={3}
            {...textarea}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClass} resize-y`}
          />
        )}
      </Field>
      {errors.root?.message && <StatusMessage status={{ kind: "error", text: errors.root.message }} />}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" size="sm" disabled={isSubmitting}>
          {isSubmitting ? "Adding..." : "Add note"}
        </Button>
      </div>
    </form>
  );
}

/**
 * The timeline with comments: what the buyer asked at checkout, a box for staff's internal notes,
 * then every status change and note, newest first, each with when and who (a staff member's name,
 * the buyer, or the shop for a job such as cancelling an unpaid order).
 */
export function OrderActivity({ order }: { order: AdminOrder }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-line bg-white">
      <h2 id={titleId} className="border-line border-b px-5 py-4 font-semibold">
        Timeline and notes
      </h2>
      <div className="grid gap-5 px-5 py-4">
        {order.buyerNote && (
          <figure className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm">
            <figcaption className="flex items-center gap-1.5 font-medium text-amber-900">
              <MessageSquareText aria-hidden="true" className="size-4" />
              Note from the buyer
            </figcaption>
            <blockquote className="mt-1 whitespace-pre-line break-words text-ink">{order.buyerNote}</blockquote>
          </figure>
        )}
        <NoteForm order={order} />
        <ol className="grid gap-3 border-line border-t pt-4" aria-label="Order timeline">
          {activityEntries(order).map((entry) =>
            entry.kind === "event" ? (
              <li key={entry.key} className="border-brand-500 border-l-2 pl-4 text-sm">
                <span className="block font-medium">{orderStatusLabels[entry.status]}</span>
                <span className="block text-muted text-xs">
                  {formatDate(entry.at, "moment")} · by {entry.by}
                </span>
                {entry.note && <span className="mt-0.5 block break-words">{entry.note}</span>}
              </li>
            ) : (
              <li key={entry.key} className="border-gray-300 border-l-2 pl-4 text-sm">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 font-medium">
                  <span>Note by {entry.author}</span>
                  <span className="inline-flex items-center gap-1 rounded-full bg-gray-100 px-2 py-0.5 font-medium text-muted text-xs">
                    <Lock aria-hidden="true" className="size-3" />
                    Internal
                  </span>
                </span>
                <span className="block text-muted text-xs">{formatDate(entry.at, "moment")}</span>
                <p className="mt-1 whitespace-pre-line break-words">{entry.body}</p>
              </li>
            ),
          )}
        </ol>
      </div>
    </section>
  );
}
