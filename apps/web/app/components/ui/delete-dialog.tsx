import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../lib/api-error.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/** What a page is asked to delete, from the button that asks to the dialog's answer. */
export interface Deletion<Item> {
  /** The thing the dialog asks about; null while no dialog is open. */
  item: Item | null;
  busy: boolean;
  ask: (item: Item) => void;
  close: () => void;
  confirm: () => void;
}

/**
 * One deletion that asks first. `run` starts it and calls `close` where the dialog should close: a
 * list closes it on either answer; an edit page keeps it open on success while it goes back to its list.
 */
export function useDeletion<Item>(busy: boolean, run: (item: Item, close: () => void) => void): Deletion<Item> {
  const [item, setItem] = useState<Item | null>(null);
  const close = () => setItem(null);
  return {
    item,
    busy,
    ask: (next) => setItem(() => next),
    close,
    confirm: () => {
      if (item !== null) run(item, close);
    },
  };
}

/** The parts of a TanStack delete mutation a deletion uses. */
interface DeleteMutation<Id> {
  isPending: boolean;
  mutate: (id: Id, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/**
 * A deletion through the API's delete mutation, said in a toast: `done` ("“Lemon Haze” deleted"), or
 * `failed` ("Failed to delete “Lemon Haze”") with the server's reason. The dialog closes on a
 * failure, and on success unless `after` takes the page elsewhere (an edit page back to its list).
 */
export function useMutationDeletion<Item, Id>(
  mutation: DeleteMutation<Id>,
  idOf: (item: Item) => Id,
  words: { done: (item: Item) => string; failed: (item: Item) => string },
  after?: (item: Item) => void,
): Deletion<Item> {
  return useDeletion<Item>(mutation.isPending, (item, close) =>
    mutation.mutate(idOf(item), {
      onSuccess: () => {
        toast.success(words.done(item));
        if (after) after(item);
        else close();
      },
      onError: (error) => {
        close();
        toast.error(`${words.failed(item)}: ${errorMessage(error)}`);
      },
    }),
  );
}

interface Props<Item> {
  deletion: Deletion<Item>;
  title: string;
  confirmLabel: string;
  /** The confirm button's words while the deletion runs, when "Deleting..." is not the word for it. */
  busyLabel?: string;
  children: ReactNode;
}

/** "Delete this …?": a red confirm button that reads "Deleting..." until the server answers. */
export function DeleteDialog<Item>({
  deletion,
  title,
  confirmLabel,
  busyLabel = "Deleting...",
  children,
}: Props<Item>) {
  return (
    <ConfirmDialog
      open={deletion.item !== null}
      title={title}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      busy={deletion.busy}
      destructive
      onConfirm={deletion.confirm}
      onCancel={deletion.close}
    >
      {children}
    </ConfirmDialog>
  );
}
