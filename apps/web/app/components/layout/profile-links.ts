/** Who is signed in, as far as the header needs to know. */
export interface Visitor {
  firstName: string;
  isStaff: boolean;
}

/** The profile menu's pages (desktop dropdown and the small screens' menu); Log out follows for the signed-in. */
export function profileLinks(user: Visitor | null): { to: string; label: string }[] {
  if (!user) {
    return [
      { to: "/registration", label: "LogIn / SignUp" },
      { to: "/account/orders", label: "My Orders" },
    ];
  }
  return [
    { to: "/account", label: "My Account" },
    { to: "/account/orders", label: "My Orders" },
    ...(user.isStaff ? [{ to: "/dashboard", label: "Dashboard" }] : []),
  ];
}
