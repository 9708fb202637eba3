import { useOrder } from "../../features/orders/api/get-order.ts";
import { Invoice } from "../../features/orders/documents/invoice.tsx";
import { OrderDocument } from "../../features/orders/documents/order-document.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/invoice";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`Invoice ${params.number}`);
}

export default function InvoicePage({ params }: Route.ComponentProps) {
  return (
    <OrderDocument label="Invoice" number={params.number} query={useOrder(params.number)}>
      {(order) => <Invoice order={order} />}
    </OrderDocument>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
