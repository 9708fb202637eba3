import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderList,
  type adminOrderListQuerySchema,
  ORDER_STATUSES,
  type OrderStatus,
} from "@shop/shared";
import type { z } from "zod";
import type { OrderCore } from "../order-core.ts";
import type { OrderRow } from "../repository.ts";

type AdminRow = Pick<
  OrderRow,
  | "number"
  | "status"
  | "customer_name"
  | "email"
  | "total_cents"
  | "created_at"
  | "adult_signature_required"
  | "fulfilment"
  | "payment_method_name"
  | "channel"
>;

/** A row of the Order List. */
function adminRow(row: AdminRow): Omit<AdminOrderList["items"][number], "itemCount"> {
  return {
    number: row.number,
    status: row.status as OrderStatus,
    customerName: row.customer_name,
    email: row.email,
    totalCents: row.total_cents,
    createdAt: row.created_at,
    adultSignatureRequired: row.adult_signature_required === 1,
    fulfilment: row.fulfilment,
    paymentMethod: row.payment_method_name,
    channel: row.channel,
  };
}

/** Staff's Order List: a page of the orders the filters match, the counts per status and, for one customer, what they spent. */
export function createAdminList({ lists }: Pick<OrderCore, "lists">) {
  return async function adminList(query: z.output<typeof adminOrderListQuerySchema>): Promise<AdminOrderList> {
    const { rows, total } = await lists.adminList({
      ...query,
      offset: (query.page - 1) * ADMIN_ORDERS_PAGE_SIZE,
      limit: ADMIN_ORDERS_PAGE_SIZE,
    });
    const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
    for (const { status, n } of await lists.statusCounts()) counts[status as OrderStatus] = Number(n);
    return {
      items: rows.map((row) => ({ ...adminRow(row), itemCount: Number(row.item_count ?? 0) })),
      total,
      page: query.page,
      pageSize: ADMIN_ORDERS_PAGE_SIZE,
      counts,
      spentCents: query.customer ? await lists.spentBy(query.customer) : null,
    };
  };
}
