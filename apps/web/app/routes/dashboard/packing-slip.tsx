import { useOrder } from "../../features/orders/api/get-order.ts";
import { OrderDocument } from "../../features/orders/documents/order-document.tsx";
import { PackingSlip } from "../../features/orders/documents/packing-slip.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/packing-slip";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`Packing slip ${params.number}`);
}

export default function PackingSlipPage({ params }: Route.ComponentProps) {
  return (
    <OrderDocument label="Packing slip" number={params.number} query={useOrder(params.number)}>
      {(order) => <PackingSlip order={order} />}
    </OrderDocument>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
