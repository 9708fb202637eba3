import type { User } from "@shop/shared";
import { isStaffRole } from "@shop/shared/constants";
import { href, redirect } from "react-router";

/** Where to sign in so as to come back to this request's page afterwards. */
export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  return `${href("/registration")}?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in user, or a redirect to sign in (loaders run on the server, so this is the real check). */
export function requireUser(request: Request, user: User | null): User {
  if (!user) throw redirect(signInUrl(request));
  return user;
}

/** The query that makes the account page say why a customer was sent there from a staff page. */
export const STAFF_ONLY_NOTICE = "notice=staff-only";

/**
 * The signed-in staff member. Visitors are sent to sign in; a signed-in customer goes to their
 * account page, which says that the dashboard is for staff accounts.
 */
export function requireStaff(request: Request, user: User | null): User {
  if (!user) throw redirect(signInUrl(request));
  if (!isStaffRole(user.role)) throw redirect(`${href("/account")}?${STAFF_ONLY_NOTICE}`);
  return user;
}
