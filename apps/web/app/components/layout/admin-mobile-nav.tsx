import { type Role, roleLabels } from "@shop/shared";
import { ShoppingBasket, X } from "lucide-react";
import { Link } from "react-router";
import { useModalDialog } from "../../hooks/use-modal-dialog.ts";
import { AdminNav } from "./admin-nav.tsx";

interface Props {
  open: boolean;
  onClose: () => void;
  name: string;
  role: Role;
}

/** The dashboard menu on phones and tablets: a modal panel from the left, opened by the header's toggle. */
export function AdminMobileNav({ open, onClose, name, role }: Props) {
  const dialogRef = useModalDialog(open);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a mouse shortcut; Escape and the close button close it by keyboard
    <dialog
      ref={dialogRef}
      aria-label="Dashboard menu"
      onClose={onClose}
      // Clicks on the backdrop land on the dialog itself: they close it, as on other panels.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 text-ink shadow-2xl backdrop:bg-black/40"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 items-center justify-between border-line border-b px-4">
          <div className="min-w-0">
            <p className="truncate font-semibold text-sm">{name}</p>
            <p className="text-muted text-xs">{roleLabels[role]}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-gray-100"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <nav aria-label="Dashboard" className="flex-1 overflow-y-auto p-4">
          <AdminNav role={role} onNavigate={onClose} tone="light" />
        </nav>
        <div className="border-line border-t p-4">
          <Link
            to="/"
            onClick={onClose}
            className="flex h-11 items-center gap-3 rounded-xl px-3 font-medium text-sm hover:bg-gray-100"
          >
            <ShoppingBasket aria-hidden="true" className="size-5" />
            Back to the shop
          </Link>
        </div>
      </div>
    </dialog>
  );
}
