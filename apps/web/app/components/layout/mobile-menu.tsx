import type { MasterCategory } from "@shop/shared";
import { ChevronDown, ShoppingCart } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { href, Link } from "react-router";
import { LogOutButton } from "../../features/account/components/log-out-button.tsx";
import { buttonClass } from "../ui/button.tsx";
import { Drawer, DrawerHeader } from "../ui/drawer.tsx";
import { profileLinks, type Visitor } from "./profile-links.ts";
import { categoryLinks } from "./store-links.ts";

interface Props {
  onClose: () => void;
  categories: MasterCategory[];
  cartCount: number;
  user: Visitor | null;
}

type Group = "shop" | "profile";

const item = "block rounded-xl px-4 py-3 font-semibold text-lg hover:bg-brand-50";

/** One of the expandable groups: its button, and below it the list it shows while open. */
function MenuGroup({
  label,
  open,
  onToggle,
  children,
}: {
  label: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
        className={`${item} flex w-full items-center justify-between text-left`}
      >
        {label}
        <ChevronDown aria-hidden="true" className={`size-5 transition ${open ? "rotate-180" : ""}`} />
      </button>
      <ul id={id} hidden={!open} className="ml-4 border-line border-l pl-2">
        {children}
      </ul>
    </div>
  );
}

/**
 * The spec's full-screen menu for small screens: About Us, Contact Us, the expandable groups
 * (Online Shop and Profile, one open at a time) and a Cart button. Choosing a page closes it. The
 * header renders it only while open, so its code loads on first use.
 */
export default function MobileMenu({ onClose, categories, cartCount, user }: Props) {
  const [expanded, setExpanded] = useState<Group | null>(null);
  const subItem = "block w-full rounded-lg px-4 py-2.5 text-left hover:bg-brand-50";
  const toggle = (group: Group) => setExpanded((current) => (current === group ? null : group));
  return (
    <Drawer side="full" aria-label="Menu" onClose={onClose}>
      <DrawerHeader closeLabel="Close menu" onClose={onClose}>
        <p className="font-bold text-lg">Menu</p>
      </DrawerHeader>
      <nav aria-label="Menu" className="space-y-1 p-4">
        <Link to={href("/about-us")} onClick={onClose} className={item}>
          About Us
        </Link>
        <Link to={href("/contact-us")} onClick={onClose} className={item}>
          Contact Us
        </Link>
        <Link to={href("/blog")} onClick={onClose} className={item}>
          Blog
        </Link>
        <MenuGroup label="Online Shop" open={expanded === "shop"} onToggle={() => toggle("shop")}>
          {[
            { to: href("/products"), label: "All products" },
            { to: href("/coas"), label: "COA's" },
            ...categoryLinks(categories),
          ].map(({ to, label }) => (
            <li key={to}>
              <Link to={to} onClick={onClose} className="block rounded-lg px-4 py-2.5 hover:bg-brand-50">
                {label}
              </Link>
            </li>
          ))}
        </MenuGroup>
        <MenuGroup label="Profile" open={expanded === "profile"} onToggle={() => toggle("profile")}>
          {user && <li className="px-4 py-2 text-muted text-sm">Signed in as {user.firstName}</li>}
          {profileLinks(user).map(({ to, label }) => (
            <li key={to}>
              <Link to={to} onClick={onClose} className={subItem}>
                {label}
              </Link>
            </li>
          ))}
          {user && (
            <li>
              <LogOutButton className={subItem} />
            </li>
          )}
        </MenuGroup>
      </nav>
      <div className="px-4">
        <Link
          to={href("/cart")}
          onClick={onClose}
          className={buttonClass({ variant: "ink", size: "lg", className: "w-full" })}
        >
          <ShoppingCart aria-hidden="true" className="size-5" />
          Cart ({cartCount})
        </Link>
      </div>
    </Drawer>
  );
}
