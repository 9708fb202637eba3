import type { Role } from "@shop/shared/constants";
import {
  ChartColumn,
  FilePlus2,
  FileSpreadsheet,
  FileStack,
  FileUp,
  FlaskConical,
  GalleryHorizontalEnd,
  History,
  ImagePlus,
  Inbox,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Newspaper,
  Package,
  PackagePlus,
  Percent,
  ReceiptText,
  Scale,
  Settings,
  SquarePen,
  Store,
  Tags,
  TicketPercent,
  UserCog,
  Users,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { href, Link, useLocation } from "react-router";
import { useInboxCount } from "../../features/contact/api/inbox-count.ts";
import { mayOpen } from "../../lib/dashboard-areas.ts";

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard home), not on the pages below it. */
  end?: boolean;
  /** Shows the number of contact messages waiting for staff beside it. */
  inboxCount?: boolean;
}

interface NavGroup {
  label: string | null;
  items: NavItem[];
}

// The spec's other groups (Banner, Product Management, Orders, Reports, Documents, Settings) are
// added with their screens: every item leads to a working page.
const groups: NavGroup[] = [
  {
    label: null,
    items: [
      { label: "Dashboard", to: href("/dashboard"), icon: LayoutDashboard, end: true },
      { label: "Inbox", to: href("/dashboard/inbox"), icon: Inbox, inboxCount: true },
    ],
  },
  {
    label: "Banner",
    items: [
      { label: "Banner List", to: href("/dashboard/banner-list"), icon: GalleryHorizontalEnd },
      { label: "Add Banner", to: href("/dashboard/banner-list/add"), icon: ImagePlus },
    ],
  },
  {
    label: "Blog",
    items: [
      { label: "Blog posts", to: href("/dashboard/blog"), icon: Newspaper },
      { label: "New post", to: href("/dashboard/blog/new"), icon: SquarePen },
    ],
  },
  {
    label: "Product Management",
    items: [
      { label: "Product List", to: href("/dashboard/products"), icon: Package },
      { label: "Add Product", to: href("/dashboard/products/add"), icon: PackagePlus },
      { label: "Categories", to: href("/dashboard/products/categories"), icon: Tags },
      { label: "Lab Results", to: href("/dashboard/products/coas"), icon: FlaskConical },
      { label: "Add COA", to: href("/dashboard/products/coas/add"), icon: FilePlus2 },
    ],
  },
  {
    label: "Orders",
    items: [
      { label: "Order List", to: href("/dashboard/orders"), icon: ReceiptText },
      { label: "Billing", to: href("/dashboard/orders/billing"), icon: Landmark },
    ],
  },
  {
    label: "Marketing",
    items: [{ label: "Discounts", to: href("/dashboard/discounts"), icon: TicketPercent }],
  },
  {
    label: "Reports",
    items: [
      { label: "Reports", to: href("/dashboard/reports"), icon: ChartColumn, end: true },
      { label: "PACT Act reports", to: href("/dashboard/reports/pact"), icon: FileSpreadsheet },
      { label: "Excise taxes", to: href("/dashboard/reports/excise"), icon: Percent },
    ],
  },
  {
    label: "Documents",
    items: [
      { label: "All Documents", to: href("/dashboard/documents"), icon: FileStack },
      { label: "Upload Document", to: href("/dashboard/documents/upload"), icon: FileUp },
      { label: "Templates", to: href("/dashboard/documents/templates"), icon: Mail },
    ],
  },
  {
    label: "Settings",
    items: [
      { label: "Shop settings", to: href("/dashboard/settings"), icon: Settings, end: true },
      { label: "Compliance", to: href("/dashboard/settings/compliance"), icon: Scale },
      { label: "Taxes", to: href("/dashboard/settings/taxes"), icon: Percent },
      { label: "Audit log", to: href("/dashboard/settings/audit-log"), icon: History },
    ],
  },
  {
    label: "Users",
    items: [
      { label: "Customers", to: href("/dashboard/users/customers"), icon: Users },
      { label: "Wholesale accounts", to: href("/dashboard/users/wholesale"), icon: Store },
      { label: "Staff", to: href("/dashboard/users/staff"), icon: UserCog },
    ],
  },
];

/** The sidebar's groups as this role sees them: only the pages it may use (lib/dashboard-areas.ts). */
export function navGroupsFor(role: Role): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => mayOpen(role, item.to)) }))
    .filter((group) => group.items.length > 0);
}

/**
 * The item of the page being shown: the one whose address is the longest prefix of the path, so
 * that /dashboard/banner-list/add marks Add Banner alone and an edit page under the list marks the list.
 */
function currentItem(groups: NavGroup[], pathname: string): NavItem | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: NavItem | undefined;
  for (const item of groups.flatMap((group) => group.items)) {
    const matches = item.end ? path === item.to : path === item.to || path.startsWith(`${item.to}/`);
    if (matches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}

interface Props {
  role: Role;
  /** Icons only: labels stay in the DOM (screen readers read them) but are faded out. */
  collapsed?: boolean;
  /** Called when a link is chosen (the phone menu closes then). */
  onNavigate?: () => void;
  /** "dark" for the sidebar, "light" for the phone menu. */
  tone: "dark" | "light";
  /** Whether the list is on screen (the phone menu keeps it while closed): the page's item is scrolled to when it shows. */
  shown?: boolean;
}

/** The dashboard's navigation: the same list in the desktop sidebar and the phone menu. */
export function AdminNav({ role, collapsed = false, onNavigate, tone, shown = true }: Props) {
  const visible = navGroupsFor(role);
  const current = currentItem(visible, useLocation().pathname);
  const waiting = useInboxCount();
  const list = useRef<HTMLUListElement>(null);
  // The page's own item is always in sight: when the list scrolls (a short screen, many items),
  // it is brought into view on every page change and when the menu opens (after the dialog shows).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the current item changes
  useEffect(() => {
    if (!shown) return;
    const frame = requestAnimationFrame(() =>
      list.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest" }),
    );
    return () => cancelAnimationFrame(frame);
  }, [current?.to, shown]);
  const fade = `whitespace-nowrap transition-opacity duration-150 ${collapsed ? "opacity-0" : "opacity-100"}`;
  const link = ({ isActive }: { isActive: boolean }) => {
    const colours =
      tone === "dark"
        ? isActive
          ? "bg-white/15 text-white"
          : "text-white/80 hover:bg-white/10 hover:text-white"
        : isActive
          ? "bg-brand-50 text-brand-900"
          : "text-ink hover:bg-gray-100";
    return `relative flex h-11 scroll-my-14 items-center gap-3 rounded-xl px-3 font-medium text-sm focus-visible:outline-offset-0 ${
      tone === "dark" ? "focus-visible:outline-white" : ""
    } ${colours}`;
  };
  return (
    <ul ref={list} className="space-y-5">
      {visible.map((group) => (
        <li key={group.label ?? "main"}>
          {group.label && (
            <div className="relative mb-1.5 h-5 px-3">
              <p
                className={`font-semibold text-xs uppercase tracking-wider ${
                  tone === "dark" ? "text-white/60" : "text-muted"
                } ${fade}`}
              >
                {group.label}
              </p>
              <span
                aria-hidden="true"
                className={`absolute inset-x-3 top-1/2 h-px bg-white/20 transition-opacity ${collapsed ? "opacity-100" : "opacity-0"}`}
              />
            </div>
          )}
          <ul className="space-y-1">
            {group.items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  aria-current={item === current ? "page" : undefined}
                  className={link({ isActive: item === current })}
                >
                  <item.icon aria-hidden="true" className="size-5 shrink-0" />
                  <span className={fade}>{item.label}</span>
                  {item.inboxCount && waiting ? <WaitingBadge count={waiting} /> : null}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The number of messages waiting, on the Inbox icon (seen with the sidebar folded too), read after the label. */
function WaitingBadge({ count }: { count: number }) {
  return (
    <span className="absolute top-0.5 left-6 min-w-5 rounded-full bg-amber-300 px-1 text-center font-bold text-[0.6875rem] text-ink leading-5">
      {count > 99 ? "99+" : count}
      <span className="sr-only"> {count === 1 ? "message waiting" : "messages waiting"}</span>
    </span>
  );
}
