import { Conflict } from "@shop/shared/errors";
import type { ComplianceRuleVersionsTable } from "../db/types.ts";

// A rule kept as data (a compliance rule, a tax rule) keeps each of its versions whole, once, in its
// versions table: who made it and when. The two kinds write and read them the same way.

/** Who changed a rule, named as they are now; null for the demo data. */
export interface RuleActor {
  id: string;
  name: string;
}

/** A version's row: the rule's fields as staff gave them, in one key order. */
export function versionRow<Input>(
  id: string,
  version: number,
  input: Input,
  actor: RuleActor | null,
  at: string,
): ComplianceRuleVersionsTable {
  return {
    rule_id: id,
    version,
    rule_json: JSON.stringify(input),
    actor_id: actor?.id ?? null,
    actor_name: actor?.name ?? null,
    created_at: at,
  };
}

/** The kept versions as the API answers them: the fields then, who changed the rule and when. */
export function keptVersions<Input>(rows: readonly ComplianceRuleVersionsTable[]) {
  return rows.map((row) => ({
    version: row.version,
    rule: JSON.parse(row.rule_json) as Input,
    changedBy: row.actor_name,
    changedAt: row.created_at,
  }));
}

/** Whether two rules' fields (each in its canonical key order) are the same: then saving changes nothing. */
export const sameFields = <Input>(a: Input, b: Input): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A save that found the rule at another version than the one it read: someone else changed it meanwhile. */
export const changedMeanwhile = () =>
  new Conflict("Someone changed this rule while you were editing it. Please reload it and make your change again.");
