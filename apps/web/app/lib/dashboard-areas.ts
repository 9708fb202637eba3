import { type Access, allows, type Role } from "@shop/shared/constants";
import { href } from "react-router";

/**
 * The dashboard's pages that need more than a staff account, by address (the page and every page
 * under it), as the API's routes declare their areas (docs/decisions/077). The sidebar, the home
 * page's links and the layout's refusal all read this one table; the API refuses on its own too.
 */
const AREAS: { path: string; access: Access; page: string }[] = [
  { path: href("/dashboard/users/staff"), access: "owner", page: "Staff" },
  { path: href("/dashboard/settings/audit-log"), access: "owner", page: "Audit log" },
  { path: href("/dashboard/settings"), access: "manager", page: "Shop settings" },
  { path: href("/dashboard/settings/compliance"), access: "manager", page: "Compliance rules" },
  { path: href("/dashboard/settings/taxes"), access: "manager", page: "Tax rules" },
  { path: href("/dashboard/users/customers"), access: "manager", page: "Customers" },
  { path: href("/dashboard/discounts"), access: "manager", page: "Discounts" },
  { path: href("/dashboard/reports"), access: "manager", page: "Reports" },
  { path: href("/dashboard/reports/pact"), access: "manager", page: "PACT Act reports" },
  { path: href("/dashboard/reports/excise"), access: "manager", page: "Excise taxes" },
  { path: href("/dashboard/documents"), access: "manager", page: "Documents" },
  { path: href("/dashboard/documents/templates"), access: "manager", page: "E-mail templates" },
  { path: href("/dashboard/banner-list"), access: "manager", page: "Banners" },
  { path: href("/dashboard/orders/billing"), access: "manager", page: "Billing" },
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
