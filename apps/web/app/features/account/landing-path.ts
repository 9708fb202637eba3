import type { User } from "@shop/shared";
import { isStaffRole } from "@shop/shared/constants";
import { href } from "react-router";

/**
 * A path on this shop, never another site: it starts with one "/" (not "//" or "/\", which
 * browsers read as another host) and holds no control characters (browsers drop tabs and newlines).
 */
export function isLocalPath(path: string | null | undefined): path is string {
  return (
    typeof path === "string" &&
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !path.startsWith("/\\") &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
    !/[\u0000-\u001f\u007f]/.test(path)
  );
}

/** Where a login leads: back to the page that asked for it, else the staff's dashboard or the buyer's account. */
export function landingPath(next: string | null, user: User): string {
  if (isLocalPath(next)) return next;
  return isStaffRole(user.role) ? href("/dashboard") : href("/account");
}
