import { href } from "react-router";

/** Who is signed in, as far as the header needs to know. */
export interface Visitor {
  firstName: string;
  isStaff: boolean;
}

/** The profile menu's pages (desktop dropdown and the small screens' menu); Log out follows for the signed-in. */
export function profileLinks(user: Visitor | null): { to: string; label: string }[] {
  if (!user) {
    return [
      { to: href("/registration"), label: "LogIn / SignUp" },
      { to: href("/account/orders"), label: "My Orders" },
    ];
  }
  return [
    { to: href("/account"), label: "My Account" },
    { to: href("/account/orders"), label: "My Orders" },
    ...(user.isStaff ? [{ to: href("/dashboard"), label: "Dashboard" }] : []),
  ];
}
