import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useModalDialog } from "../../hooks/use-modal-dialog.ts";
import { Button } from "./button.tsx";

/** Where the panel sits: the cart comes from the right, the dashboard's menu from the left. */
const sides = {
  right: "ml-auto h-dvh max-h-dvh w-full max-w-md shadow-2xl backdrop:bg-black/40",
  left: "h-dvh max-h-none w-80 max-w-[85vw] shadow-2xl backdrop:bg-black/40",
  /** The phone menu covers the whole screen. */
  full: "h-dvh max-h-none w-full max-w-none backdrop:bg-transparent",
};

type Props = {
  /** Drawers the page renders only while open (their code loads on first use) leave it out. */
  open?: boolean;
  /** Escape, a click on the backdrop, or the drawer's own close button. */
  onClose: () => void;
  side: keyof typeof sides;
  children: ReactNode;
} & ({ "aria-label": string } | { "aria-labelledby": string });

/**
 * A panel at the side of the screen: the cart, the phone menu, the dashboard's phone menu. A native
 * modal <dialog> (decisions 025 and 030): focus stays inside, Escape and a click on the backdrop
 * close it, and the page behind is inert.
 */
export function Drawer({ open = true, onClose, side, children, ...label }: Props) {
  const dialogRef = useModalDialog(open);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer shortcut; keyboards have Escape and the close button
    <dialog
      ref={dialogRef}
      {...label}
      onClose={onClose}
      // Clicks on the backdrop land on the dialog itself (its content fills the panel); the phone
      // menu covers the screen and has none.
      onClick={
        side === "full"
          ? undefined
          : (event) => {
              if (event.target === event.currentTarget) onClose();
            }
      }
      className={`m-0 bg-white p-0 text-ink ${sides[side]}`}
    >
      <div className="flex h-full flex-col">{children}</div>
    </dialog>
  );
}

interface HeaderProps {
  /** The drawer's title, or who is signed in. */
  children: ReactNode;
  /** Names the close button ("Close cart"). */
  closeLabel: string;
  onClose: () => void;
  /** Side padding, to line up with the drawer's content. */
  className?: string;
}

/** The drawer's top bar: its title and the close button. */
export function DrawerHeader({ children, closeLabel, onClose, className = "px-4" }: HeaderProps) {
  return (
    <div className={`flex h-16 shrink-0 items-center justify-between gap-3 border-line border-b ${className}`}>
      {children}
      <Button variant="ghost" size="icon" onClick={onClose} aria-label={closeLabel} className="size-10 shrink-0">
        <X aria-hidden="true" className="size-6" />
      </Button>
    </div>
  );
}
