import { type ReactNode, useEffect, useId, useRef } from "react";
import { useModalDialog } from "../../hooks/use-modal-dialog.ts";

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** A destructive action gets a red button. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action that is hard to undo. A native modal <dialog>: focus stays inside, Escape
 * cancels, and focus starts on Cancel so that Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  destructive = false,
  onConfirm,
  onCancel,
}: Props) {
  const dialogRef = useModalDialog(open);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    if (open) cancelRef.current?.focus();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="font-semibold text-lg">
        {title}
      </h2>
      <div id={bodyId} className="mt-2 text-muted text-sm leading-relaxed">
        {children}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="rounded-full border border-line bg-white px-5 py-2.5 font-medium text-sm hover:border-ink disabled:opacity-60"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className={`rounded-full px-5 py-2.5 font-semibold text-sm text-white disabled:cursor-wait disabled:opacity-70 ${
            destructive ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-900"
          }`}
        >
          {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
