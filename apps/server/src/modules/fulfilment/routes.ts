import { Readable } from "node:stream";
import {
  type AdminOrder,
  addOrderNoteSchema,
  adminOrderCsvQuerySchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderSchema,
  bulkOrderActionSchema,
  bulkOrderResultSchema,
  handOverSchema,
  orderListSchema,
  orderNumberParamsSchema,
  orderSchema,
  orderStatusActionSchema,
  recordPaymentSchema,
  refundSchema,
  shipOrderSchema,
  type User,
} from "@shop/shared";
import type { z } from "zod";
import type { App } from "../../app-type.ts";
import { csvDownloadHeaders, csvFileAnswer } from "../../lib/csv.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";

const errors = errorAnswers(400, 401, 403, 404, 409);

/** The buyer's orders, and staff's Order List and the state machine's actions. */
export async function orderRoutes(app: App): Promise<void> {
  const { orders } = app.services;
  const tags = ["Orders"];

  const config = { access: "customer" } as const;

  app.get(
    "/api/account/orders",
    { config, schema: { tags, summary: "My orders, newest first", response: { 200: orderListSchema, ...errors } } },
    (request) => orders.list(signedIn(request)),
  );

  app.get(
    "/api/account/orders/:number",
    {
      config,
      schema: {
        tags,
        summary: "One of my orders with its lines, address, payment instructions and timeline",
        params: orderNumberParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => orders.get(signedIn(request), request.params.number),
  );

  app.post(
    "/api/account/orders/:number/cancel",
    {
      config,
      schema: {
        tags,
        summary: "Cancel one of my orders while it awaits payment; its stock goes back",
        params: orderNumberParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => orders.cancel(signedIn(request), request.params.number),
  );

  // Staff: the Order List and the state machine's actions; an action the status does not allow is
  // refused with the reason (409).
  const staff = { access: "staff" } as const;
  const staffTags = ["Orders (staff)"];

  app.get(
    "/api/admin/orders",
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary:
          "Orders with status and date filters, search by number, e-mail or name, sorting, pages and counts per status",
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, ...errors },
      },
    },
    (request) => orders.adminList(request.query),
  );

  app.get(
    "/api/admin/orders.csv",
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary:
          "The Order List as CSV, a row per order (number, date, status, buyer, ship or pickup, payment method, totals in dollars): the chosen orders (numbers), or else everything the filters match, in the list's order",
        querystring: adminOrderCsvQuerySchema,
        response: { 200: csvFileAnswer, ...errors },
      },
    },
    (request, reply) => {
      reply.headers(csvDownloadHeaders("orders"));
      return Readable.from(orders.csv(request.query));
    },
  );

  app.post(
    "/api/admin/orders/bulk",
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary:
          "Start processing several orders: each moves on its own, as its page's button does (its event and audit entry), or not at all; the answer names those moved and why the others were not",
        body: bulkOrderActionSchema,
        response: { 200: bulkOrderResultSchema, ...errors },
      },
    },
    (request) => orders.bulk(signedIn(request), request.body),
  );

  app.get(
    "/api/admin/orders/:number",
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: "One order with its buyer, payments, timeline and the actions its status allows",
        params: orderNumberParamsSchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    (request) => orders.adminGet(request.params.number),
  );

  /** A state machine action: POST /api/admin/orders/:number/<path> with its body → the order after it. */
  function postAction<Body extends z.ZodType>(
    path: string,
    summary: string,
    body: Body,
    run: (actor: User, number: string, input: z.output<Body>) => Promise<AdminOrder>,
    config: { access: "staff" | "manager" } = staff,
  ): void {
    app.post(
      `/api/admin/orders/:number/${path}`,
      {
        config,
        schema: {
          tags: staffTags,
          summary,
          params: orderNumberParamsSchema,
          body,
          response: { 200: adminOrderSchema, ...errors },
        },
      },
      (request) => run(signedIn(request), request.params.number, request.body as z.output<Body>),
    );
  }

  postAction("payments", "Record the payment of the order's total: paid", recordPaymentSchema, orders.recordPayment);
  postAction(
    "notes",
    "Add an internal note (who and when are kept; the buyer never sees it); any status",
    addOrderNoteSchema,
    orders.addNote,
  );
  postAction("shipment", "Ship with a carrier and tracking number: shipped", shipOrderSchema, orders.ship);
  // Money sent back is a Manager's (docs/decisions/077); Staff do every other step.
  postAction(
    "refund",
    "Record money sent back: refunded (stock back if not shipped); Managers and Owners",
    refundSchema,
    orders.refund,
    { access: "manager" },
  );
  postAction(
    "status",
    "Start processing, mark delivered, mark ready for pickup (buyer e-mailed), or cancel while the goods are in the shop (stock back once)",
    orderStatusActionSchema,
    (actor, number, input) => orders.changeStatus(actor, number, input.action),
  );
  postAction(
    "hand-over",
    "Hand a pickup order over after checking the buyer's ID (recorded): picked up",
    handOverSchema,
    orders.handOver,
  );
}
