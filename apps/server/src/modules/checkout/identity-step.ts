import {
  type AgeEvidence,
  ageOn,
  type EvaluatedRule,
  evaluateOrder,
  type OrderComplianceDecision,
  type placeOrderSchema,
  type ShippingAddress,
  type ShopSettings,
  type User,
} from "@shop/shared";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import type { CatalogService, SaleFacts } from "../catalog/service.ts";
import type { IdentityAnswer, IdentityService } from "../identity/service.ts";
import { saleLines } from "./sale-lines.ts";

type PlaceOrder = z.output<typeof placeOrderSchema>;

/** Nothing asked: no provider that reads IDs, and the shop's setting off. */
const NOT_ASKED: IdentityAnswer = { provider: null, identity: null, pending: false, check: null };

/**
 * Whether a line asks for the identity check (docs/decisions/099): its rules require
 * verify_identity, or it is a vape (ENDS), which the PACT Act has sellers verify against records.
 */
export function linesAskIdentity(
  decision: Pick<OrderComplianceDecision, "lines">,
  facts: readonly Pick<SaleFacts, "compliance">[],
): boolean {
  return decision.lines.some(
    (line, index) =>
      line.requirements.includes("verify_identity") || facts[index]?.compliance.classes.includes("ENDS") === true,
  );
}

/**
 * The identity part of the order's age evidence when nothing was asked: a line that asks for the
 * check with no provider that reads IDs keeps the date of birth as its evidence, flagged for staff.
 */
export function unaskedIdentity(lineAsks: boolean): AgeEvidence["identity"] {
  return lineAsks
    ? {
        outcome: "not_checked",
        words:
          "A line's rules ask for an identity check, and no identity provider that reads IDs is set up: the account's date of birth is the evidence. Check the buyer's ID on delivery.",
        verifiedAt: null,
      }
    : null;
}

/**
 * The identity check before the order's transaction (docs/decisions/045, 099), when the shop turned
 * it on for every order or its provider reads IDs: the lines are read and judged once more here to
 * know whether one asks for it and the age to ask for. Throws (403 or 409) with nothing written.
 */
export async function askIdentity(
  identity: Pick<IdentityService, "check" | "readsIds">,
  catalog: Pick<CatalogService, "saleFacts">,
  db: Executor,
  order: {
    shop: ShopSettings;
    user: User;
    address: ShippingAddress;
    rules: readonly EvaluatedRule[];
    input: PlaceOrder;
    today: string;
  },
): Promise<IdentityAnswer> {
  const { shop, user, address, rules, input, today } = order;
  const everyOrder = shop.ageVerificationAtCheckout;
  if (!everyOrder && !identity.readsIds) return NOT_ASKED;
  const facts = await catalog.saleFacts(
    db,
    input.lines.map((line) => line.variantId),
  );
  const lines = saleLines(input.lines, facts, input.fulfilment);
  const decision = evaluateOrder(
    lines.map((line) => (facts.get(line.variantId) as SaleFacts).compliance),
    address,
    rules,
    today,
  );
  const lineFacts = lines.map((line) => facts.get(line.variantId) as SaleFacts);
  const lineAsks = linesAskIdentity(decision, lineFacts);
  if (!everyOrder && !lineAsks) return NOT_ASKED;
  const minAge = Math.max(shop.purchaseMinAge, decision.minAge ?? 0);
  // An order the transaction will refuse anyway (a ban, a buyer too young by their own date of
  // birth) costs no check: the refusal then says what is wrong.
  if (decision.outcome === "banned" || ageOn(user.dateOfBirth as string, today) < minAge) return NOT_ASKED;
  return identity.check({ user, address, minAge, everyOrder, lineAsks });
}
