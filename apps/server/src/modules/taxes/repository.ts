import type { Insertable, Kysely, Selectable } from "kysely";
import type { ComplianceRuleVersionsTable, Database, TaxRulesTable } from "../../db/types.ts";

export type TaxRuleRow = Selectable<TaxRulesTable>;
export type NewTaxRuleRow = Insertable<TaxRulesTable>;

type Db = Kysely<Database>;

/** The taxes module's SQL: excise-tax rules and their versions (docs/decisions/096). */
export function createTaxesRepository(db: Db) {
  return {
    db,

    async find(id: string, trx: Db = db): Promise<TaxRuleRow | undefined> {
      return trx.selectFrom("tax_rules").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The taxes of a state and of its counties, cities and ZIP sets. */
    async forState(state: string): Promise<TaxRuleRow[]> {
      return db.selectFrom("tax_rules").selectAll().where("state", "=", state).orderBy("id").execute();
    },

    async insert(row: NewTaxRuleRow, trx: Db = db): Promise<void> {
      await trx.insertInto("tax_rules").values(row).execute();
    },

    async insertVersion(row: Insertable<ComplianceRuleVersionsTable>, trx: Db = db): Promise<void> {
      await trx.insertInto("tax_rule_versions").values(row).execute();
    },
  };
}

export type TaxesRepository = ReturnType<typeof createTaxesRepository>;
