import { useEffect, useRef } from "react";

/** Shows a native <dialog> as a modal while `open` is true (focus trap, Escape, inert page). */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

/**
 * Escape closes a dialog that is asked for but not shown yet: a lazy part's code may still be on
 * its way when the visitor changes their mind. Once shown, the dialog closes on Escape itself.
 */
export function useEscapeWhileOpening(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open, close]);
}
