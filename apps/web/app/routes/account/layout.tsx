import { isStaffRole } from "@shop/shared/constants";
import { Info, LayoutDashboard, type LucideIcon, MailWarning, MapPin, Package, Store, UserRound } from "lucide-react";
import { href, NavLink, Outlet, useLocation } from "react-router";
import { Breadcrumb } from "../../components/breadcrumb.tsx";
import { LogOutButton } from "../../features/account/components/log-out-button.tsx";
import { ResendVerificationButton } from "../../features/account/components/resend-verification-button.tsx";
import type { AccountUserData } from "../../features/account/use-account-user.ts";
import { requireUser, STAFF_ONLY_NOTICE } from "../../lib/guards.ts";
import type { Route } from "./+types/layout";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  // Decided here: the shared role rules would bring zod into the page.
  const data = { user, isStaff: isStaffRole(user.role) };
  return data satisfies AccountUserData;
}

const sections: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: href("/account"), label: "Profile", icon: UserRound, end: true },
  { to: href("/account/addresses"), label: "Addresses", icon: MapPin },
  { to: href("/account/orders"), label: "My Orders", icon: Package },
  { to: href("/account/wholesale"), label: "Wholesale", icon: Store },
];

const tab = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2.5 whitespace-nowrap rounded-full px-4 py-2.5 font-medium text-sm lg:rounded-xl ${
    isActive ? "bg-brand-700 text-white" : "hover:bg-brand-50"
  }`;

/** The buyer's own pages: profile, addresses, orders. Signed-out visitors are sent to log in first. */
export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { user, isStaff } = loaderData;
  const { search } = useLocation();
  const sentFromStaffPage = !isStaff && search.includes(STAFF_ONLY_NOTICE);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb items={[{ label: "Home", to: href("/") }, { label: "My Account" }]} />
      <h1 className="mt-3 font-bold text-3xl tracking-tight sm:text-4xl">My account</h1>
      <p className="mt-2 text-muted">Hello, {user.firstName}. Here are your details, addresses and orders.</p>

      {sentFromStaffPage && (
        <p className="mt-6 flex items-start gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-5 text-sm">
          <Info aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          <span>
            <span className="font-semibold">The dashboard is for staff accounts.</span> You are logged in as{" "}
            <span className="wrap-anywhere">{user.email}</span>, a customer account. If you work for the shop, log out
            and log in with your staff account.
          </span>
        </p>
      )}

      {!user.emailVerified && (
        <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:flex-row sm:items-start">
          <MailWarning aria-hidden="true" className="size-6 shrink-0" />
          <div className="space-y-3">
            <p className="text-sm">
              <span className="font-semibold">Please verify {user.email}.</span> Open the link we sent to that address;
              you need a verified address to log in next time.
            </p>
            <ResendVerificationButton key={user.email} email={user.email} />
          </div>
        </div>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-[14rem_1fr] lg:gap-8">
        <nav aria-label="My account">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {sections.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} className={tab}>
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
            {isStaff && (
              <li>
                <NavLink to={href("/dashboard")} className={tab}>
                  <LayoutDashboard aria-hidden="true" className="size-4" />
                  Dashboard
                </NavLink>
              </li>
            )}
          </ul>
          <LogOutButton className="mt-4 hidden w-full rounded-xl px-4 py-2.5 text-left font-medium text-muted text-sm hover:bg-brand-50 hover:text-ink disabled:cursor-wait lg:block" />
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
