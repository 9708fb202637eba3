import type {
  AdminOrder,
  handOverSchema,
  orderStatusActionSchema,
  recordPaymentSchema,
  shipOrderSchema,
} from "@shop/shared";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api.ts";
import { useSaveMutation } from "../../../lib/mutation.ts";
import { adminOrderKeys } from "../query-keys.ts";

export type MoneyEntry = z.output<typeof recordPaymentSchema>;
export type Shipment = z.output<typeof shipOrderSchema>;
export type StatusAction = z.output<typeof orderStatusActionSchema>["action"];

const orderPath = (number: string, action: string) => `/api/admin/orders/${encodeURIComponent(number)}/${action}`;

/** POST /api/admin/orders/{number}/payments: the order is paid. */
export const recordPayment = ({ number, entry }: { number: string; entry: MoneyEntry }) =>
  apiRequest<AdminOrder>(orderPath(number, "payments"), { method: "POST", body: entry });

/** POST /api/admin/orders/{number}/refund. */
export const refundOrder = ({ number, entry }: { number: string; entry: MoneyEntry }) =>
  apiRequest<AdminOrder>(orderPath(number, "refund"), { method: "POST", body: entry });

/** POST /api/admin/orders/{number}/shipment: shipped, and the buyer is e-mailed the tracking link. */
export const shipOrder = ({ number, shipment }: { number: string; shipment: Shipment }) =>
  apiRequest<AdminOrder>(orderPath(number, "shipment"), { method: "POST", body: shipment });

/** POST /api/admin/orders/{number}/hand-over: a pickup order handed over after an ID check. */
export const handOverOrder = ({ number, check }: { number: string; check: z.output<typeof handOverSchema> }) =>
  apiRequest<AdminOrder>(orderPath(number, "hand-over"), { method: "POST", body: check });

/** POST /api/admin/orders/{number}/status: start processing, delivered, ready for pickup or cancelled. */
export const changeOrderStatus = ({ number, action }: { number: string; action: StatusAction }) =>
  apiRequest<AdminOrder>(orderPath(number, "status"), { method: "POST", body: { action } });

/** One of the actions on an order: the page shows the order the server answers, and every list catches up. */
const useOrderAction = <Input>(action: (input: Input) => Promise<AdminOrder>) =>
  useSaveMutation(action, { key: (order) => adminOrderKeys.detail(order.number), lists: adminOrderKeys.lists });

export const useRecordPayment = () => useOrderAction(recordPayment);
export const useRefundOrder = () => useOrderAction(refundOrder);
export const useShipOrder = () => useOrderAction(shipOrder);
export const useChangeOrderStatus = () => useOrderAction(changeOrderStatus);
export const useHandOver = () => useOrderAction(handOverOrder);
