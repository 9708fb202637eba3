import type { Role } from "@shop/shared/constants";
import { Pin, PinOff } from "lucide-react";
import { useState } from "react";
import { AdminNav } from "./admin-nav.tsx";

/** The cookie that keeps the sidebar pinned open; read by the dashboard layout's loader, so the first HTML is right. */
export const SIDEBAR_PIN_COOKIE = "adminSidebar";

export function sidebarPinnedIn(cookieHeader: string | null): boolean {
  return /(?:^|;\s*)adminSidebar=pinned(?:;|$)/.test(cookieHeader ?? "");
}

export function rememberSidebarPin(pinned: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a one-value preference; the Cookie Store API is not in every browser
  document.cookie = pinned
    ? `${SIDEBAR_PIN_COOKIE}=pinned; Path=/dashboard; Max-Age=31536000; SameSite=Lax`
    : `${SIDEBAR_PIN_COOKIE}=; Path=/dashboard; Max-Age=0; SameSite=Lax`;
}

interface Props {
  role: Role;
  /** Pinned open: it stays expanded and the page makes room for it. */
  pinned: boolean;
  onTogglePin: () => void;
}

/**
 * The desktop sidebar. As the spec says, it collapses to icons when the mouse leaves and expands
 * when the mouse enters; it also expands while a keyboard user tabs through it. Expanded, it lies
 * over the page instead of pushing it aside, so tables do not reflow on every pass of the mouse.
 * Keyboard and touch users (who have no mouse to hover with) can pin it open instead.
 */
export function AdminSidebar({ role, pinned, onTogglePin }: Props) {
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const expanded = pinned || hovered || keyboardFocus;
  const PinIcon = pinned ? PinOff : Pin;
  return (
    <aside
      aria-label="Dashboard menu"
      data-expanded={expanded}
      data-pinned={pinned}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setKeyboardFocus(event.target.matches(":focus-visible"))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardFocus(false);
      }}
      className={`fixed top-16 bottom-0 left-0 z-20 hidden flex-col overflow-x-hidden bg-brand-900 transition-[width,box-shadow] duration-200 ease-out lg:flex ${
        expanded ? "w-64" : "w-[4.5rem]"
      } ${expanded && !pinned ? "shadow-2xl" : ""}`}
    >
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto overflow-x-hidden px-3 py-5">
        <AdminNav role={role} collapsed={!expanded} tone="dark" />
      </nav>
      <div className="border-white/15 border-t px-3 py-3">
        <button
          type="button"
          onClick={onTogglePin}
          aria-pressed={pinned}
          title={pinned ? "Let the menu fold to icons" : "Keep the menu open"}
          className="flex h-11 w-full items-center gap-3 rounded-xl px-3 font-medium text-sm text-white/80 hover:bg-white/10 hover:text-white focus-visible:outline-white focus-visible:outline-offset-0"
        >
          <PinIcon aria-hidden="true" className="size-5 shrink-0" />
          <span
            className={`whitespace-nowrap transition-opacity duration-150 ${expanded ? "opacity-100" : "opacity-0"}`}
          >
            Keep menu open
          </span>
        </button>
      </div>
    </aside>
  );
}
