import { roleLabels } from "@shop/shared/constants";
import { Info, ShoppingBasket } from "lucide-react";
import { useLocation } from "react-router";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { useStaffUser } from "../../components/layout/use-staff-user.ts";
import { RecentOrders } from "../../features/orders-admin/components/recent-orders.tsx";
import { ShopOverview } from "../../features/products/components/shop-overview.tsx";
import { RevenueTrend } from "../../features/reports/components/revenue-trend.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { SUPER_ADMIN_ONLY_NOTICE } from "../../lib/guards.ts";

export function meta() {
  return adminMeta("Dashboard");
}

export default function DashboardHome() {
  const user = useStaffUser();
  const { search } = useLocation();
  const sentFromSuperAdminPage = user.role !== "super_admin" && search.includes(SUPER_ADMIN_ONLY_NOTICE);
  return (
    <>
      <AdminPageHeader
        title={`Welcome, ${user.firstName}`}
        description={`You are signed in as ${roleLabels[user.role]}. Here is how the shop stands today.`}
        actions={
          <HeaderLink to="/" icon={ShoppingBasket} variant="secondary">
            View the shop
          </HeaderLink>
        }
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
      <ShopOverview sales={<RevenueTrend />} recentOrders={<RecentOrders />} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
