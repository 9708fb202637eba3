import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { sql } from "kysely";
import { containsText } from "../../db/conditions.ts";
import type { ComplianceRuleVersionsTable, Database, TaxRulesTable } from "../../db/types.ts";

export type TaxRuleRow = Selectable<TaxRulesTable>;
export type NewTaxRuleRow = Insertable<TaxRulesTable>;
export type TaxRuleVersionRow = Selectable<ComplianceRuleVersionsTable>;

export interface TaxRuleFilter {
  state?: string | undefined;
  regulatoryClass?: string | undefined;
  basis?: string | undefined;
  /** true: last checked on or before `staleOnOrBefore`; false: after it. */
  stale?: boolean | undefined;
  staleOnOrBefore: string;
  q?: string | undefined;
}

type Db = Kysely<Database>;

/** The taxes module's SQL: excise-tax rules and their versions (docs/decisions/096). */
export function createTaxesRepository(db: Db) {
  function filtered(filter: TaxRuleFilter) {
    let query = db.selectFrom("tax_rules");
    if (filter.state) query = query.where("state", "=", filter.state);
    if (filter.regulatoryClass) query = query.where("regulatory_class", "=", filter.regulatoryClass);
    if (filter.basis) query = query.where("basis", "=", filter.basis as TaxRuleRow["basis"]);
    if (filter.stale === true) query = query.where("last_checked_on", "<=", filter.staleOnOrBefore);
    if (filter.stale === false) query = query.where("last_checked_on", ">", filter.staleOnOrBefore);
    const q = filter.q;
    if (q) {
      query = query.where((eb) =>
        eb.or([
          containsText(sql.ref("name"), q),
          containsText(sql.ref("source_url"), q),
          containsText(sql.ref("notes"), q),
        ]),
      );
    }
    return query;
  }

  /** The list's order: by state, then the state's own taxes before its places', then name, start and creation. */
  const ordered = (query: ReturnType<typeof filtered>) =>
    query
      .orderBy("state")
      .orderBy(sql`case level when 'state' then 0 when 'locality' then 1 else 2 end`)
      .orderBy("name")
      .orderBy("effective_from")
      .orderBy("id");

  return {
    db,

    async page(filter: TaxRuleFilter, page: { offset: number; limit: number }): Promise<TaxRuleRow[]> {
      return ordered(filtered(filter)).selectAll().offset(page.offset).limit(page.limit).execute();
    },

    async count(filter: TaxRuleFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every tax rule, in the list's order (the CSV export; a shop has dozens, not millions). */
    async all(): Promise<TaxRuleRow[]> {
      return ordered(filtered({ staleOnOrBefore: "" }))
        .selectAll()
        .execute();
    },

    async find(id: string, trx: Db = db): Promise<TaxRuleRow | undefined> {
      return trx.selectFrom("tax_rules").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async findMany(ids: string[], trx: Db = db): Promise<TaxRuleRow[]> {
      if (ids.length === 0) return [];
      return trx.selectFrom("tax_rules").selectAll().where("id", "in", ids).execute();
    },

    /** The taxes of a state and of its counties, cities and ZIP sets. */
    async forState(state: string): Promise<TaxRuleRow[]> {
      return db.selectFrom("tax_rules").selectAll().where("state", "=", state).orderBy("id").execute();
    },

    async insert(row: NewTaxRuleRow, trx: Db = db): Promise<void> {
      await trx.insertInto("tax_rules").values(row).execute();
    },

    /** Writes the rule's next version if it is still at `version`; false when someone changed it meanwhile. */
    async updateIfVersion(id: string, version: number, changes: Updateable<TaxRulesTable>, trx: Db = db) {
      const result = await trx
        .updateTable("tax_rules")
        .set(changes)
        .where("id", "=", id)
        .where("version", "=", version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertVersion(row: Insertable<ComplianceRuleVersionsTable>, trx: Db = db): Promise<void> {
      await trx.insertInto("tax_rule_versions").values(row).execute();
    },

    async versions(ruleId: string): Promise<TaxRuleVersionRow[]> {
      return db
        .selectFrom("tax_rule_versions")
        .selectAll()
        .where("rule_id", "=", ruleId)
        .orderBy("version", "desc")
        .execute();
    },

    async countStale(staleOnOrBefore: string): Promise<number> {
      const row = await db
        .selectFrom("tax_rules")
        .where("last_checked_on", "<=", staleOnOrBefore)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type TaxesRepository = ReturnType<typeof createTaxesRepository>;
