import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { sql } from "kysely";
import { containsText } from "../../db/conditions.ts";
import type { ComplianceRulesTable, ComplianceRuleVersionsTable, Database } from "../../db/types.ts";

export type RuleRow = Selectable<ComplianceRulesTable>;
export type NewRuleRow = Insertable<ComplianceRulesTable>;
export type RuleVersionRow = Selectable<ComplianceRuleVersionsTable>;

export interface RuleFilter {
  state?: string | undefined;
  regulatoryClass?: string | undefined;
  effect?: string | undefined;
  /** true: last checked on or before `staleOnOrBefore`; false: after it. */
  stale?: boolean | undefined;
  staleOnOrBefore: string;
  q?: string | undefined;
}

type Db = Kysely<Database>;

/** The compliance module's SQL: rules and their versions. */
export function createComplianceRepository(db: Db) {
  function filtered(filter: RuleFilter) {
    let query = db.selectFrom("compliance_rules");
    if (filter.state) query = query.where("state", "=", filter.state);
    if (filter.regulatoryClass) query = query.where("regulatory_class", "=", filter.regulatoryClass);
    if (filter.effect) query = query.where("effect", "=", filter.effect as RuleRow["effect"]);
    if (filter.stale === true) query = query.where("last_checked_on", "<=", filter.staleOnOrBefore);
    if (filter.stale === false) query = query.where("last_checked_on", ">", filter.staleOnOrBefore);
    const q = filter.q;
    if (q) {
      query = query.where((eb) => eb.or([containsText(sql.ref("source_url"), q), containsText(sql.ref("notes"), q)]));
    }
    return query;
  }

  return {
    db,

    /**
     * A page of rules: by state (country-wide first), class, the day each takes effect, then the
     * order they were made in (ids made in one millisecond are in no order: decision 047's two
     * federal hemp rules of a class, seeded together, once came out newest first).
     */
    async page(filter: RuleFilter, page: { offset: number; limit: number }): Promise<RuleRow[]> {
      return filtered(filter)
        .selectAll()
        .orderBy(sql`coalesce(state, '')`)
        .orderBy("regulatory_class")
        .orderBy("effective_from")
        .orderBy("id")
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    async count(filter: RuleFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every rule, in the list's order (the CSV export; a shop has hundreds, not millions). */
    async all(): Promise<RuleRow[]> {
      return db
        .selectFrom("compliance_rules")
        .selectAll()
        .orderBy(sql`coalesce(state, '')`)
        .orderBy("regulatory_class")
        .orderBy("effective_from")
        .orderBy("id")
        .execute();
    },

    /** The rules that may apply to an address in `state`: the country's and that state's (any level). */
    async forState(state: string): Promise<RuleRow[]> {
      return db
        .selectFrom("compliance_rules")
        .selectAll()
        .where((eb) => eb.or([eb("level", "=", "country"), eb("state", "=", state)]))
        .orderBy("id")
        .execute();
    },

    /** The country-wide rules (they apply wherever a product goes). */
    async countryWide(): Promise<RuleRow[]> {
      return db.selectFrom("compliance_rules").selectAll().where("level", "=", "country").orderBy("id").execute();
    },

    async find(id: string, trx: Db = db): Promise<RuleRow | undefined> {
      return trx.selectFrom("compliance_rules").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async findMany(ids: string[], trx: Db = db): Promise<RuleRow[]> {
      if (ids.length === 0) return [];
      return trx.selectFrom("compliance_rules").selectAll().where("id", "in", ids).execute();
    },

    async insert(row: NewRuleRow, trx: Db = db): Promise<void> {
      await trx.insertInto("compliance_rules").values(row).execute();
    },

    /** Writes the rule's next version if it is still at `version`; false when someone changed it meanwhile. */
    async updateIfVersion(
      id: string,
      version: number,
      changes: Updateable<ComplianceRulesTable>,
      trx: Db = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable("compliance_rules")
        .set(changes)
        .where("id", "=", id)
        .where("version", "=", version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertVersion(row: Insertable<ComplianceRuleVersionsTable>, trx: Db = db): Promise<void> {
      await trx.insertInto("compliance_rule_versions").values(row).execute();
    },

    async versions(ruleId: string): Promise<RuleVersionRow[]> {
      return db
        .selectFrom("compliance_rule_versions")
        .selectAll()
        .where("rule_id", "=", ruleId)
        .orderBy("version", "desc")
        .execute();
    },

    async countStale(staleOnOrBefore: string): Promise<number> {
      const row = await db
        .selectFrom("compliance_rules")
        .where("last_checked_on", "<=", staleOnOrBefore)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ComplianceRepository = ReturnType<typeof createComplianceRepository>;
