import type { Role } from "@shop/shared/constants";
import { ChevronDown, ChevronUp, Pin, PinOff } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
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
  const scroller = useRef<HTMLElement>(null);
  const more = useHiddenEdges(scroller);
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
      {/* On a short screen the items scroll: an arrow at the edge says that more are above or below
          (and scrolls to them), and the page's own item is scrolled into view (AdminNav). */}
      <div className="relative flex min-h-0 flex-1 flex-col">
        <nav
          ref={scroller}
          aria-label="Dashboard"
          className="flex-1 overflow-y-auto overflow-x-hidden px-3 py-5 [scrollbar-width:thin]"
        >
          <AdminNav role={role} collapsed={!expanded} tone="dark" />
        </nav>
        {more.above && <MoreHint direction="up" expanded={expanded} scroller={scroller} />}
        {more.below && <MoreHint direction="down" expanded={expanded} scroller={scroller} />}
      </div>
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

/** Whether a scrolling box has items hidden above or below what it shows, kept up to date as it scrolls or resizes. */
function useHiddenEdges(ref: RefObject<HTMLElement | null>): { above: boolean; below: boolean } {
  const [edges, setEdges] = useState({ above: false, below: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const above = box.scrollTop > 4;
      const below = box.scrollTop + box.clientHeight < box.scrollHeight - 4;
      setEdges((old) => (old.above === above && old.below === below ? old : { above, below }));
    };
    measure();
    box.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    for (const child of box.children) resized.observe(child);
    return () => {
      box.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, [ref]);
  return edges;
}

/**
 * The sign at the top or bottom edge that more items are there: a fade over the edge and an
 * arrow that scrolls most of a screen towards them. Keyboard users reach every item by Tab (the
 * list scrolls to the focused one), so the arrow is for the mouse only and stays out of the tab order.
 */
function MoreHint({
  direction,
  expanded,
  scroller,
}: {
  direction: "up" | "down";
  expanded: boolean;
  scroller: RefObject<HTMLElement | null>;
}) {
  const down = direction === "down";
  const Icon = down ? ChevronDown : ChevronUp;
  function scroll() {
    const box = scroller.current;
    if (box) box.scrollBy({ top: (down ? 1 : -1) * box.clientHeight * 0.7, behavior: "smooth" });
  }
  return (
    <div
      data-more={direction}
      className={`pointer-events-none absolute inset-x-0 flex h-14 justify-center from-brand-900 via-brand-900/90 to-transparent ${
        down ? "bottom-0 items-end bg-gradient-to-t pb-1.5" : "top-0 items-start bg-gradient-to-b pt-1.5"
      }`}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        onClick={scroll}
        title={down ? "More below" : "More above"}
        className="pointer-events-auto flex h-7 items-center gap-1 rounded-full bg-white/15 px-2 font-medium text-white text-xs hover:bg-white/25"
      >
        <Icon className="size-4 shrink-0" />
        {expanded && <span className="whitespace-nowrap">{down ? "More below" : "More above"}</span>}
      </button>
    </div>
  );
}
