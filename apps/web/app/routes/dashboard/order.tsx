import { formatDate } from "@shop/shared/rules";
import { Printer, SearchX } from "lucide-react";
import { href } from "react-router";
import { AdminDetail, BackToList, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { AdultSignatureBadge, OrderStatusBadge } from "../../components/order-status-badge.tsx";
import { useOrder } from "../../features/orders/api/get-order.ts";
import { OrderActions } from "../../features/orders/components/order-actions.tsx";
import { OrderActivity } from "../../features/orders/components/order-activity.tsx";
import {
  OrderBuyer,
  OrderCompliance,
  OrderItems,
  OrderPayment,
} from "../../features/orders/components/order-details.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { orderPath } from "../../lib/admin-paths.ts";
import type { Route } from "./+types/order";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`Order ${params.number}`);
}

const LIST_PATH = href("/dashboard/orders");

export default function Order({ params }: Route.ComponentProps) {
  const { number } = params;
  const order = useOrder(number);
  const notFound = isNotFound(order);
  const title = notFound ? "Order not found" : `Order ${number}`;

  return (
    <>
      <BackToList to={LIST_PATH}>All orders</BackToList>
      <AdminPageHeader
        title={title}
        currentLabel={number}
        actions={
          order.data && (
            <>
              <HeaderLink to={`${orderPath(number)}/packing-slip`} icon={Printer} variant="secondary" size="sm">
                Print packing slip
              </HeaderLink>
              <HeaderLink to={`${orderPath(number)}/invoice`} icon={Printer} variant="secondary" size="sm">
                Print invoice
              </HeaderLink>
            </>
          )
        }
        description={
          order.data && (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <OrderStatusBadge status={order.data.status} />
              {order.data.requirements.includes("adult_signature_21") && <AdultSignatureBadge />}
              <span>Placed {formatDate(order.data.createdAt, "moment")}</span>
            </span>
          )
        }
      />
      <AdminDetail
        query={order}
        what="this order"
        skeleton={<PanelsSkeleton grid="gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]" panels={["h-64", "h-64"]} />}
        missing={{
          icon: SearchX,
          noun: "order",
          back: { to: LIST_PATH, label: "Back to orders" },
          why: "The order number may be mistyped.",
        }}
      >
        {(data) => (
          <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="grid gap-4 lg:col-start-2 lg:row-start-1">
              <OrderActions key={data.status} order={data} />
              <OrderCompliance order={data} />
            </div>
            <div className="grid gap-4 lg:col-start-1 lg:row-start-1 lg:row-span-2">
              <OrderItems order={data} />
              <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                <OrderBuyer order={data} />
                <OrderPayment order={data} />
              </div>
              <OrderActivity order={data} />
            </div>
          </div>
        )}
      </AdminDetail>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
