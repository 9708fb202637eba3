import {
  ageOn,
  type ComplianceDestination,
  type EvaluatedRule,
  evaluateOrder,
  type Fulfilment,
  isMilitaryAddress,
  isPoBox,
  type LineDecisionEvidence,
  lineAges,
  type OrderComplianceDecision,
  type OrderLine,
  type OrderQuote,
  type Priced,
  type PriceLine,
  type User,
  whereInWords,
} from "@shop/shared";
import { Conflict, Forbidden, Invalid } from "@shop/shared/errors";
import type { SaleFacts } from "../catalog/service.ts";

type Destination = ComplianceDestination & { line1: string; line2: string | null; city: string };

interface Buyer {
  dateOfBirth: string;
  today: string;
  fulfilment: Fulfilment;
}

/**
 * The order's lines against the rules for where it goes (docs/decisions/044, 045): a line a rule
 * bans is refused, naming the product, the rule's reason and its source; a shipped line whose rules
 * refuse PO boxes or APO/FPO/DPO addresses is refused for such an address; the buyer must be as old
 * as the highest minimum age of the lines. Nothing is written before this passes; what it decided
 * is kept with the order.
 */
export function checkCompliance(
  lines: readonly Pick<OrderLine, "variantId" | "name">[],
  facts: Map<string, SaleFacts>,
  destination: Destination,
  rules: readonly EvaluatedRule[],
  buyer: Buyer,
): OrderComplianceDecision {
  const complianceLines = lines.map((line) => (facts.get(line.variantId) as SaleFacts).compliance);
  const decision = evaluateOrder(complianceLines, destination, rules, buyer.today);
  const nameOf = (index: number) => (lines[index] as Pick<OrderLine, "name">).name;
  for (const [index, line] of decision.lines.entries()) {
    const ban = line.bans[0];
    if (!ban) continue;
    const where = buyer.fulfilment === "pickup" ? "at our store" : "to this address";
    throw new Conflict(
      `“${nameOf(index)}” cannot be sold ${where}: ${ban.reason} (rule source: ${ban.sourceUrl}). Please remove it to order the rest.`,
      { fields: { [`lines.${index}`]: ban.reason }, code: "not_sold_there" },
    );
  }
  if (buyer.fulfilment === "ship") {
    for (const [index, line] of decision.lines.entries()) {
      const refused =
        line.requirements.includes("no_po_box") && isPoBox(destination)
          ? "a PO box"
          : line.requirements.includes("no_military_address") && isMilitaryAddress(destination)
            ? "an APO, FPO or DPO address"
            : null;
      if (!refused) continue;
      throw new Invalid(
        `“${nameOf(index)}” cannot be shipped to ${refused}: the law asks for a street address where an adult signs for it. Please enter a street address, or remove it to order the rest.`,
        {
          fields: {
            "shippingAddress.line1": `is ${refused}: “${nameOf(index)}” needs a street address`,
            [`lines.${index}`]: `cannot be shipped to ${refused}`,
          },
          code: "address_refused",
        },
      );
    }
  }
  const age = ageOn(buyer.dateOfBirth, buyer.today);
  for (const [index, line] of decision.lines.entries()) {
    if (line.minAge !== null && age < line.minAge) {
      throw new Forbidden(
        `You must be ${line.minAge} or older to buy “${nameOf(index)}”. Please remove it to order the rest.`,
        {
          fields: { [`lines.${index}`]: `is sold to buyers ${line.minAge} or older` },
          code: "under_age",
        },
      );
    }
  }
  return decision;
}

/** Each line's decision as kept with the order: the applied rules with their versions, class and place in words. */
export function lineEvidence(
  decision: OrderComplianceDecision,
  rules: readonly EvaluatedRule[],
  today: string,
): LineDecisionEvidence[] {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  return decision.lines.map((line) => ({
    outcome: line.outcome,
    minAge: line.minAge,
    requirements: line.requirements,
    statements: line.statements,
    applied: line.applied.map((applied) => {
      const rule = byId.get(applied.ruleId) as EvaluatedRule;
      return {
        ...applied,
        regulatoryClass: rule.regulatoryClass,
        where: whereInWords(rule.jurisdiction),
        minAge: rule.minAge,
        requirements: rule.requirements,
      };
    }),
    decidedOn: today,
  }));
}

/**
 * Refuses an order with a line that a tax where it goes cannot be worked out for, naming the line
 * and the fact that is missing, as a ban is refused (nothing is written).
 */
export function checkTaxFacts(
  lines: readonly Pick<OrderLine, "name">[],
  refusals: Priced<PriceLine>["refusals"],
): void {
  const refusal = refusals[0];
  if (!refusal) return;
  const name = (lines[refusal.line] as Pick<OrderLine, "name">).name;
  throw new Conflict(`“${name}”: ${refusal.reason} Please remove it to order the rest.`, {
    fields: { [`lines.${refusal.line}`]: refusal.reason },
    code: "not_sold_there",
  });
}

/**
 * The rules' verdict on each quoted line: the first ban's reason and source, as place() refuses it;
 * a line a tax there cannot be worked out for (its millilitres not recorded) is refused the same way.
 */
export function quoteCompliance(
  lines: readonly Pick<OrderLine, "variantId">[],
  facts: Map<string, SaleFacts>,
  destination: ComplianceDestination,
  rules: readonly EvaluatedRule[],
  on: string,
  taxRefusals: Priced<PriceLine>["refusals"],
): NonNullable<OrderQuote["compliance"]> {
  const decision = evaluateOrder(
    lines.map((line) => (facts.get(line.variantId) as SaleFacts).compliance),
    destination,
    rules,
    on,
  );
  return {
    lines: decision.lines.map((line, index) => {
      const refusal = taxRefusals.find((candidate) => candidate.line === index);
      const ban = line.bans[0] ?? (refusal && { reason: refusal.reason, sourceUrl: refusal.rule.sourceUrl });
      return { allowed: !ban, reason: ban?.reason ?? null, sourceUrl: ban?.sourceUrl ?? null, minAge: line.minAge };
    }),
    minAge: decision.minAge,
    requirements: decision.requirements,
  };
}

/**
 * The age each quoted line is sold at where it goes (the country's rules alone without a state),
 * and, for a signed-in buyer with a date of birth, whether they are too young for it: the cart
 * marks exactly those lines, as place() refuses them (decision 079).
 */
export function quoteAges(
  lines: readonly Pick<OrderLine, "variantId">[],
  facts: Map<string, SaleFacts>,
  destination: ComplianceDestination | null,
  rules: readonly EvaluatedRule[],
  purchaseMinAge: number,
  buyer: User | null,
  on: string,
): OrderQuote["ages"] {
  // Only the country's rules are read without a state, so the state given here decides nothing.
  const decision = evaluateOrder(
    lines.map((line) => (facts.get(line.variantId) as SaleFacts).compliance),
    destination ?? { state: "DC" },
    rules,
    on,
  );
  const buyerAge = buyer?.dateOfBirth ? ageOn(buyer.dateOfBirth, on) : null;
  return {
    purchaseMinAge,
    lines: lineAges(
      purchaseMinAge,
      decision.lines.map((line) => line.minAge),
      buyerAge,
    ),
  };
}
