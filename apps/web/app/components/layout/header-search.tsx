import { X } from "lucide-react";
import { useModalDialog } from "../../hooks/use-modal-dialog.ts";
import { SearchForm } from "../catalog/search-form.tsx";
import { Button } from "../ui/button.tsx";

/**
 * The header's search: a bar across the top of the screen, opened by the header's search button.
 * A native modal <dialog>, so focus stays in it and Escape or a click outside closes it. The
 * header renders it only while open, so its code loads on first use.
 */
export default function HeaderSearch({ onClose }: { onClose: () => void }) {
  const dialogRef = useModalDialog(true);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer shortcut; keyboards have Escape and the Close button
    <dialog
      ref={dialogRef}
      aria-label="Search the shop"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop reaches the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 w-full max-w-none bg-white p-0 text-ink shadow-lg backdrop:bg-black/30"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3 sm:px-6">
        <div className="flex-1">
          <SearchForm id="header-search" autoFocus onSearch={onClose} />
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close search" className="size-10 shrink-0">
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </dialog>
  );
}
