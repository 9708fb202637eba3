import { type ReactNode, useState } from "react";
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
