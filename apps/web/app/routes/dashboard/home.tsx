import { roleLabels } from "@shop/shared/constants";
import { ShoppingBasket } from "lucide-react";
import { href } from "react-router";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { useMayOpen, useStaffUser } from "../../components/layout/use-staff-user.ts";
import { ShopOverview } from "../../features/catalog/components/shop-overview.tsx";
import { RecentOrders } from "../../features/orders/components/recent-orders.tsx";
import { RevenueTrend } from "../../features/reports/components/revenue-trend.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Dashboard");
}

export default function DashboardHome() {
  const user = useStaffUser();
  const mayOpen = useMayOpen();
  return (
    <>
      <AdminPageHeader
        title={`Welcome, ${user.firstName}`}
        description={`You are signed in as ${roleLabels[user.role]}. Here is how the shop stands today.`}
        actions={
          <HeaderLink to={href("/")} icon={ShoppingBasket} variant="secondary">
            View the shop
          </HeaderLink>
        }
      />
      {/* The revenue chart is the reports' (Managers and Owners); Staff see the figures of the overview. */}
      <ShopOverview
        sales={mayOpen(href("/dashboard/reports")) ? <RevenueTrend /> : undefined}
        recentOrders={<RecentOrders />}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
