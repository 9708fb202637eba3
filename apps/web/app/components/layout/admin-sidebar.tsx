import type { Role } from "@shop/shared";
import { useState } from "react";
import { AdminNav } from "./admin-nav.tsx";

/**
 * The desktop sidebar. As the spec says, it collapses to icons when the mouse leaves and expands
 * when the mouse enters; it also expands while a keyboard user tabs through it. Expanded, it lies
 * over the page instead of pushing it aside, so tables do not reflow on every pass of the mouse.
 */
export function AdminSidebar({ role }: { role: Role }) {
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const expanded = hovered || keyboardFocus;
  return (
    <aside
      aria-label="Dashboard menu"
      data-expanded={expanded}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setKeyboardFocus(event.target.matches(":focus-visible"))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardFocus(false);
      }}
      className={`fixed top-16 bottom-0 left-0 z-20 hidden overflow-x-hidden overflow-y-auto bg-brand-900 px-3 py-5 transition-[width,box-shadow] duration-200 ease-out lg:block ${
        expanded ? "w-64 shadow-2xl" : "w-[4.5rem]"
      }`}
    >
      <nav aria-label="Dashboard">
        <AdminNav role={role} collapsed={!expanded} tone="dark" />
      </nav>
    </aside>
  );
}
