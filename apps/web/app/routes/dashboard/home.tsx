import { roleLabels } from "@shop/shared/constants";
import { ArrowUpRight, Info, type LucideIcon, ShoppingBasket, UserCog, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useStaffUser } from "../../components/layout/use-staff-user.ts";
import { ShopOverview } from "../../features/products/components/shop-overview.tsx";
import { useCustomers } from "../../features/users/api/get-customers.ts";
import { useStaff } from "../../features/users/api/get-staff.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { SUPER_ADMIN_ONLY_NOTICE } from "../../lib/guards.ts";

export function meta() {
  return adminMeta("Dashboard");
}

interface CardProps {
  to: string;
  icon: LucideIcon;
  title: string;
  children: string;
  /** A real count from the API; while it loads, a placeholder of the same size. */
  count?: { value: number | undefined; noun: [string, string]; loading: boolean } | undefined;
}

function QuickLink({ to, icon: Icon, title, children, count }: CardProps) {
  return (
    <Link
      to={to}
      className="group flex flex-col rounded-2xl border border-line bg-white p-5 transition hover:border-brand-600 hover:shadow-md"
    >
      <span className="flex items-center justify-between">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <ArrowUpRight
          aria-hidden="true"
          className="size-5 text-muted transition group-hover:-translate-y-0.5 group-hover:translate-x-0.5"
        />
      </span>
      <span className="mt-4 font-semibold text-lg">{title}</span>
      <span className="mt-1 text-muted text-sm">{children}</span>
      {count &&
        (count.value !== undefined ? (
          <span className="mt-4 font-medium text-brand-700 text-sm tabular-nums">
            {count.value.toLocaleString("en-US")} {count.value === 1 ? count.noun[0] : count.noun[1]}
          </span>
        ) : count.loading ? (
          <span aria-hidden="true" className="mt-4 h-5 w-28 animate-pulse rounded bg-gray-200" />
        ) : null)}
    </Link>
  );
}

/** What a super admin sees the staff count with; plain staff do not load it. */
function StaffLink() {
  const staff = useStaff(1);
  return (
    <QuickLink
      to="/dashboard/users/staff"
      icon={UserCog}
      title="Staff"
      count={{ value: staff.data?.total, noun: ["staff account", "staff accounts"], loading: staff.isPending }}
    >
      Add staff members, send password resets, and disable or enable staff accounts.
    </QuickLink>
  );
}

interface GroupProps {
  id: string;
  title: string;
  className?: string;
  /** Cards in a grid, rather than one block. */
  cards?: boolean;
  children: ReactNode;
}

/** One of the home page's groups: a small heading over its cards. */
function Group({ id, title, className, cards = false, children }: GroupProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="font-semibold text-muted text-sm uppercase tracking-wider">
        {title}
      </h2>
      <div className={cards ? "mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "mt-3"}>{children}</div>
    </section>
  );
}

export default function DashboardHome() {
  const user = useStaffUser();
  const customers = useCustomers("", 1);
  const { search } = useLocation();
  const sentFromSuperAdminPage = user.role !== "super_admin" && search.includes(SUPER_ADMIN_ONLY_NOTICE);
  return (
    <>
      <AdminPageHeader
        title={`Welcome, ${user.firstName}`}
        description={`You are signed in as ${roleLabels[user.role]}. Choose what you want to work on.`}
      />
      {sentFromSuperAdminPage && (
        <p
          role="status"
          className="mb-8 flex items-start gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-5 text-sm"
        >
          <Info aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          <span>
            <span className="font-semibold">The Staff page is for super admins.</span> You are signed in as{" "}
            {roleLabels[user.role]}; ask a super admin to add staff or change their accounts.
          </span>
        </p>
      )}
      <Group id="shop-figures-title" title="Shop" className="mb-8">
        <ShopOverview />
      </Group>
      <Group id="quick-links-title" title="Users" cards>
        <QuickLink
          to="/dashboard/users/customers"
          icon={Users}
          title="Customers"
          count={{
            value: customers.data?.total,
            noun: ["customer account", "customer accounts"],
            loading: customers.isPending,
          }}
        >
          Find a customer by name or e-mail, see their account, and disable or enable it.
        </QuickLink>
        {user.role === "super_admin" && <StaffLink />}
      </Group>
      <Group id="shop-title" title="Storefront" className="mt-8" cards>
        <QuickLink to="/" icon={ShoppingBasket} title="View the shop">
          See the storefront as buyers see it.
        </QuickLink>
      </Group>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
