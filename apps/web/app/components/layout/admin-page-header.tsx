import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { href, Link, useLocation } from "react-router";
import { Breadcrumb, type Crumb } from "../breadcrumb.tsx";
import { type ButtonStyle, buttonClass } from "../ui/button.tsx";

/** Dashboard paths that are pages of their own (a crumb links only to a real page). */
const pages = new Set([
  href("/dashboard"),
  href("/dashboard/banner-list"),
  href("/dashboard/documents"),
  href("/dashboard/documents/templates"),
  href("/dashboard/orders"),
  href("/dashboard/products"),
  href("/dashboard/products/coas"),
  href("/dashboard/reports"),
  href("/dashboard/settings"),
  href("/dashboard/settings/compliance"),
  href("/dashboard/settings/taxes"),
  href("/dashboard/users/customers"),
  href("/dashboard/users/staff"),
  href("/dashboard/users/wholesale"),
]);

const label = (segment: string) =>
  decodeURIComponent(segment)
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

/** The spec's breadcrumb: Home, then the path's segments capitalised with dashes removed. */
export function adminCrumbs(
  pathname: string,
  currentLabel?: string,
  segmentLabels: Record<string, string> = {},
): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ label: "Home", to: href("/") }];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const path = `/${segments.slice(0, index + 1).join("/")}`;
    const text = last && currentLabel ? currentLabel : (segmentLabels[segment] ?? label(segment));
    crumbs.push(!last && pages.has(path) ? { label: text, to: path } : { label: text });
  });
  return crumbs;
}

interface Props {
  title: string;
  description?: ReactNode;
  /** The last crumb's text when the path ends in an id (e.g. the customer's name). */
  currentLabel?: string | undefined;
  /** Words for segments inside the path that are ids (e.g. the product's name for /products/{id}/edit). */
  segmentLabels?: Record<string, string> | undefined;
  /** Buttons beside the title. */
  actions?: ReactNode;
}

export function AdminPageHeader({ title, description, currentLabel, segmentLabels, actions }: Props) {
  const { pathname } = useLocation();
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <Breadcrumb items={adminCrumbs(pathname, currentLabel, segmentLabels)} />
        <h1 className="mt-2 break-words font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 max-w-2xl text-muted">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

interface HeaderLinkProps extends ButtonStyle {
  to: string;
  icon: LucideIcon;
  children: ReactNode;
}

/** A link among the actions beside a page's title ("Add Product"): a button's look, with its icon. */
export function HeaderLink({ to, icon: Icon, children, ...style }: HeaderLinkProps) {
  return (
    <Link to={to} className={buttonClass(style)}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
