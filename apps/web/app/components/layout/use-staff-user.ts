import type { User } from "@shop/shared";
import { useRouteLoaderData } from "react-router";
import { mayOpen } from "../../lib/dashboard-areas.ts";

/** What the dashboard layout's loader gives its pages about the signed-in staff member. */
export type StaffUser = Pick<User, "id" | "firstName" | "lastName" | "role">;

/** The id of the dashboard layout route in routes.ts. */
export const DASHBOARD_ROUTE_ID = "dashboard";

/** The signed-in staff member, for any page under /dashboard. */
export function useStaffUser(): StaffUser {
  const data = useRouteLoaderData<{ user: StaffUser }>(DASHBOARD_ROUTE_ID);
  if (!data) throw new Error("useStaffUser is only for pages under /dashboard.");
  return data.user;
}

/** Whether the signed-in staff member may open a dashboard address: links to pages they may not use are left out. */
export function useMayOpen(): (path: string) => boolean {
  const { role } = useStaffUser();
  return (path) => mayOpen(role, path);
}
