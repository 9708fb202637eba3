import type { UsState } from "../constants/addresses.ts";
import type { RegulatoryClass } from "../constants/compliance.ts";
import type { RuleCondition } from "../schemas/compliance.ts";
import {
  type ComplianceLine,
  type EvaluatedRule,
  evaluateLine,
  type RuleBan,
  ruleBan,
  ruleHoldsFor,
  ruleInForce,
} from "./compliance.ts";

/**
 * What the storefront tells a buyer before the cart (docs/decisions/049): whether
 * a product ships to the state they chose, and which products the list leaves out for it. Both
 * are decided from the state alone, so rules of a city, a county or a ZIP set inside the state are
 * named as places it may not ship to, never as a yes or a no.
 */
export interface ShipsToAnswer {
  /** The state asked about; null when the buyer has not chosen one. */
  state: UsState | null;
  /**
   * banned: a country-wide rule, or one of the whole state, bans it; allowed: none does (with a
   * state); unknown: no state chosen and nothing bans it everywhere.
   */
  outcome: "allowed" | "banned" | "unknown";
  /** The country-wide and state-wide bans, with their sources. */
  bans: RuleBan[];
  /** Bans of places inside the state (a city, a county, a ZIP set), when it is not banned outright. */
  localBans: RuleBan[];
  /** The highest minimum age the applying country-wide and state-wide rules set, or null. */
  minAge: number | null;
}

/**
 * What the rules say about a product for a buyer who chose `state` (or none), on `on`
 * (YYYY-MM-DD). `rules` are the country's and that state's (all of them, or only the country's
 * when no state is chosen); a rule of another state is ignored.
 */
export function shipsToAnswer(
  line: ComplianceLine,
  state: UsState | null,
  rules: readonly EvaluatedRule[],
  on: string,
): ShipsToAnswer {
  const wide = rules.filter((rule) => {
    const level = rule.jurisdiction.level;
    return level === "country" || (state !== null && level === "state" && rule.jurisdiction.state === state);
  });
  // Only country and state rules are left, so the destination's state decides nothing more.
  const decision = evaluateLine(line, { state: state ?? "DC" }, wide, on);
  const banned = decision.outcome === "banned";
  const localBans =
    state === null || banned
      ? []
      : rules
          .filter(
            (rule) =>
              rule.effect === "ban" &&
              (rule.jurisdiction.level === "locality" || rule.jurisdiction.level === "zip_set") &&
              rule.jurisdiction.state === state &&
              ruleHoldsFor(rule, line, on),
          )
          .map((rule) => ruleBan(rule));
  return {
    state,
    outcome: banned ? "banned" : state === null ? "unknown" : "allowed",
    bans: decision.bans,
    localBans,
    minAge: decision.minAge,
  };
}

/** A ban the product list applies in SQL: every product of the class, or those the condition holds for. */
export interface ClassBan {
  regulatoryClass: RegulatoryClass;
  condition: RuleCondition | null;
}

/**
 * The bans a "ships to my state" list leaves products out for: the country-wide and state-wide
 * ban rules in force on `on` among `rules` (the country's and the state's). Rules of a city,
 * county or ZIP set are not among them: the state alone cannot decide them (decision 049).
 */
export function stateWideBans(rules: readonly EvaluatedRule[], state: UsState, on: string): ClassBan[] {
  return rules
    .filter(
      (rule) =>
        rule.effect === "ban" &&
        ruleInForce(rule, on) &&
        (rule.jurisdiction.level === "country" ||
          (rule.jurisdiction.level === "state" && rule.jurisdiction.state === state)),
    )
    .map((rule) => ({ regulatoryClass: rule.regulatoryClass, condition: rule.condition }));
}

/**
 * The bans that stop a product being sold anywhere on `on`: the country-wide ban rules in force
 * among `rules` (a federal rule, or any ban whose place is the whole country). The catalogue keeps
 * their verdict on each product, so that lists show it "Not for sale" (docs/decisions/080).
 */
export function countryWideBans(rules: readonly EvaluatedRule[], on: string): ClassBan[] {
  return rules
    .filter((rule) => rule.effect === "ban" && ruleInForce(rule, on) && rule.jurisdiction.level === "country")
    .map((rule) => ({ regulatoryClass: rule.regulatoryClass, condition: rule.condition }));
}
