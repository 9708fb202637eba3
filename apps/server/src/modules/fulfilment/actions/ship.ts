import { type AdminOrder, type RuleRequirement, type shipOrderSchema, trackingUrl, type User } from "@shop/shared";
import { Invalid } from "@shop/shared/errors";
import type { z } from "zod";
import { orderShippedLetter } from "../order-mail.ts";
import { parsed } from "../order-view.ts";
import type { StaffActionParts } from "../state-machine.ts";

/** Shipped with a carrier and a tracking number, which the buyer is e-mailed; a gateway captures what it held. */
export function createShip({
  act,
  repository,
  paymentStep,
  outbox,
  mailFacts,
}: Pick<StaffActionParts, "act" | "repository" | "paymentStep" | "outbox" | "mailFacts">) {
  return function ship(actor: User, number: string, input: z.output<typeof shipOrderSchema>): Promise<AdminOrder> {
    return act(actor, number, "ship", { ...input }, async (trx, row) => {
      if (input.carrier === "USPS" && parsed<RuleRequirement[]>(row.compliance_requirements, []).includes("no_usps")) {
        throw new Invalid("This order cannot go with USPS: the rules for its goods say not by the postal service.", {
          fields: { carrier: "cannot carry this order: its rules say not with USPS" },
        });
      }
      await repository.setShipment(trx, row.id, input.carrier, input.trackingNumber);
      await paymentStep(trx, row, "shipped", actor);
      const shipment = { ...input, trackingUrl: trackingUrl(input.carrier, input.trackingNumber) };
      const requirements = parsed<RuleRequirement[]>(row.compliance_requirements, []);
      await outbox.enqueue(orderShippedLetter(mailFacts(row), shipment, requirements), trx);
    });
  };
}
