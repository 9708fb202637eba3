import { type AdminOrder, allowedActions, type IdDocument, type Order } from "@shop/shared";
import type { OrderCore } from "../order-core.ts";
import { parsed } from "../order-view.ts";
import type { OrderRow } from "../repository.ts";
import { TERMS_PAYABLE } from "./record-payment.ts";

/**
 * One order as staff see it: the buyer's view with who made each step, staff's notes, the
 * payment records, the ID check, the actions its status allows and what was decided at placing.
 */
export function createAdminGet({
  repository,
  staffOrder,
  orderById,
  payments,
  namesOf,
  identityChecks,
}: Pick<OrderCore, "repository" | "staffOrder" | "orderById" | "payments" | "namesOf" | "identityChecks">) {
  /** Who made each step of an order's timeline, in words: the buyer, the shop (a job), or a staff member's name. */
  async function eventsWithActors(row: OrderRow, events: Order["events"]): Promise<AdminOrder["events"]> {
    const kept = await repository.orderEvents(row.id);
    const staffIds = [
      ...new Set(kept.flatMap((event) => (event.actor_id && event.actor_id !== row.user_id ? [event.actor_id] : []))),
    ];
    const names = staffIds.length > 0 ? await namesOf(staffIds) : new Map<string, string>();
    return events.map((event, index) => {
      const actor = kept[index]?.actor_id ?? null;
      const by =
        actor === null
          ? "the shop"
          : actor === row.user_id
            ? "the buyer"
            : (names.get(actor) ?? "a former staff member");
      return { ...event, by };
    });
  }

  /** What the rules decided and how the age was checked when the order was placed, as kept. */
  async function evidenceOf(row: OrderRow): Promise<AdminOrder["evidence"]> {
    const [lines, classes, checks] = await Promise.all([
      repository.orderLines(row.id),
      repository.lineClasses(row.id),
      identityChecks(row.id),
    ]);
    return {
      age: parsed(row.age_evidence, null),
      identityChecks: checks,
      statements: parsed(row.compliance_statements, []),
      lines: lines.map((line) => ({
        regulatoryClasses: classes.filter((c) => c.order_line_id === line.id).map((c) => c.class),
        brand: line.brand,
        decision: parsed(line.compliance_decision, null),
      })),
    };
  }

  return async function adminGet(number: string): Promise<AdminOrder> {
    const row = await staffOrder(number);
    const order = await orderById(row.id);
    const records = await payments.records(row.id);
    const notes = await repository.notes(row.id);
    return {
      ...order,
      events: await eventsWithActors(row, order.events),
      notes: notes.map((note) => ({
        id: note.id,
        body: note.body,
        authorName: note.author_name,
        createdAt: note.created_at,
      })),
      customer: { id: row.user_id, name: row.customer_name, email: row.email },
      buyerLicence: parsed(row.buyer_licence, null),
      payments: records.map(({ kind, status, provider, amountCents, method, reference, receivedOn, createdAt }) => ({
        kind,
        status,
        provider,
        amountCents,
        method,
        reference,
        receivedOn,
        createdAt,
      })),
      idCheck:
        row.id_document && row.id_checked_by && row.id_checked_at
          ? {
              document: row.id_document as IdDocument,
              checkedBy: row.id_checked_by,
              checkedAt: row.id_checked_at,
            }
          : null,
      // An order on terms takes its payments, in parts, while it is on its way (docs/decisions/102).
      allowedActions:
        order.payment.dueOn && order.paymentStatus.paidCents < order.totalCents && TERMS_PAYABLE.includes(order.status)
          ? ["record_payment", ...allowedActions(order.status, row.fulfilment)]
          : allowedActions(order.status, row.fulfilment),
      evidence: await evidenceOf(row),
    };
  };
}

export type AdminGet = ReturnType<typeof createAdminGet>;
