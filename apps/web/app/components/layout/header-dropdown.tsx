import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";

interface Props {
  label: ReactNode;
  children: ReactNode;
  align?: "left" | "right";
}

/**
 * A header menu that opens on hover and by keyboard (Enter, Space or Arrow Down on its button);
 * Escape closes it and returns focus to the button, and leaving it by Tab closes it. A click on a
 * menu the pointer has just opened keeps it open (the mouse user meant to open it); a second
 * click closes it.
 */
export function HeaderDropdown({ label, children, align = "left" }: Props) {
  // How it was opened: a click on a menu opened by hover only takes it over.
  const [open, setOpen] = useState<false | "hover" | "click">(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens (hover, focus leaving, Escape); the button is the control
    <div
      className="relative"
      onMouseEnter={() => setOpen((value) => value || "hover")}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open !== false}
        aria-controls={id}
        onClick={() => setOpen((value) => (value === "click" ? false : "click"))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen("click");
            requestAnimationFrame(() => document.getElementById(id)?.querySelector("a")?.focus());
          }
        }}
        className="inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-2 font-medium text-sm hover:bg-black/5"
      >
        {label}
        <ChevronDown aria-hidden="true" className={`size-4 transition ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={id}
        hidden={!open}
        className={`absolute top-full ${align === "right" ? "right-0" : "left-0"} z-40 min-w-52 pt-2`}
      >
        <ul className="rounded-2xl border border-line bg-white p-2 text-ink shadow-xl">{children}</ul>
      </div>
    </div>
  );
}

/** One entry of a header menu: a link, or a button (Log out). */
export function DropdownLink({ children }: { children: ReactNode }) {
  return (
    <li className="*:block *:w-full *:rounded-xl *:px-3 *:py-2 *:text-left *:text-sm *:hover:bg-brand-50 *:focus-visible:bg-brand-50">
      {children}
    </li>
  );
}
