import { isStaffRole, type User } from "@shop/shared";
import { redirect } from "react-router";

/** Where to sign in so as to come back to this request's page afterwards. */
export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  return `/registration?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in user, or a redirect to sign in (loaders run on the server, so this is the real check). */
export function requireUser(request: Request, user: User | null): User {
  if (!user) throw redirect(signInUrl(request));
  return user;
}

/** The signed-in staff member; customers and visitors are sent to sign in with a staff account. */
export function requireStaff(request: Request, user: User | null): User {
  if (!user || !isStaffRole(user.role)) throw redirect(signInUrl(request));
  return user;
}
