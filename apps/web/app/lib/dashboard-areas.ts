import { type Access, allows, type Role } from "@shop/shared/constants";

/**
 * The dashboard's pages that need more than a staff account, by address (the page and every page
 * under it), as the API's routes declare their areas (docs/decisions/077). The sidebar, the home
 * page's links and the layout's refusal all read this one table; the API refuses on its own too.
 */
const AREAS: { path: string; access: Access; page: string }[] = [
  { path: "/dashboard/users/staff", access: "owner", page: "Staff" },
  { path: "/dashboard/settings/audit-log", access: "owner", page: "Audit log" },
  { path: "/dashboard/settings", access: "manager", page: "Shop settings" },
  { path: "/dashboard/settings/compliance", access: "manager", page: "Compliance rules" },
  { path: "/dashboard/users/customers", access: "manager", page: "Customers" },
  { path: "/dashboard/discounts", access: "manager", page: "Discounts" },
  { path: "/dashboard/reports", access: "manager", page: "Reports" },
  { path: "/dashboard/reports/pact", access: "manager", page: "PACT Act reports" },
  { path: "/dashboard/documents", access: "manager", page: "Documents" },
  { path: "/dashboard/documents/templates", access: "manager", page: "E-mail templates" },
  { path: "/dashboard/banner-list", access: "manager", page: "Banners" },
  { path: "/dashboard/orders/billing", access: "manager", page: "Billing" },
];

/** The area of a dashboard address: the longest listed path it is, or is under; staff otherwise. */
function areaOf(path: string) {
  const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, "") ?? "";
  let best: (typeof AREAS)[number] | undefined;
  for (const area of AREAS) {
    const under = clean === area.path || clean.startsWith(`${area.path}/`);
    if (under && (!best || area.path.length > best.path.length)) best = area;
  }
  return best;
}

/** Whether this role may open the dashboard page at this address (query and hash ignored). */
export function mayOpen(role: Role, path: string): boolean {
  return allows(areaOf(path)?.access ?? "staff", role);
}

/** What the layout shows instead of a page this role may not use: the page's name and who may. */
export interface PageRefusal {
  page: string;
  access: Access;
}

export function pageRefusal(role: Role, path: string): PageRefusal | null {
  const area = areaOf(path);
  if (!area || allows(area.access, role)) return null;
  return { page: area.page, access: area.access };
}
