import {
  type EvaluatedTaxRule,
  type RegulatoryClass,
  ruleStaleCheckedOnOrBefore,
  type TaxRuleItem,
  type taxRuleInputSchema,
  taxRateText,
  taxRateUnits,
  type UsState,
  whereInWords,
} from "@shop/shared";
import { NotFound } from "@shop/shared/errors";
import { dayOf } from "@shop/shared/rules";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import type { AuditRecorder } from "../audit/service.ts";
import { canonicalJurisdiction, jurisdictionColumns, jurisdictionOf, type RuleActor } from "../compliance/service.ts";
import type { NewTaxRuleRow, TaxesRepository, TaxRuleRow } from "./repository.ts";

export type TaxRuleInput = z.output<typeof taxRuleInputSchema>;

/** The rule's fields as staff gave them (the API's input shape), in one key order: what a version keeps. */
export function taxInputOf(row: TaxRuleRow): TaxRuleInput {
  return {
    // Never the country's: the schema and the table refuse it.
    jurisdiction: jurisdictionOf(row) as TaxRuleInput["jurisdiction"],
    name: row.name,
    regulatoryClass: row.regulatory_class as RegulatoryClass,
    nicotine: row.nicotine,
    system: row.system,
    liquid: row.liquid,
    basis: row.basis,
    rate: taxRateText(row.basis, row.rate),
    mlRounding: row.ml_rounding,
    afterDiscount: row.after_discount === 1,
    salesTaxOnTop: row.sales_tax_on_top === 1,
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
    sourceUrl: row.source_url,
    sourceDate: row.source_date,
    lastCheckedOn: row.last_checked_on,
    notes: row.notes,
    isExample: row.is_example === 1,
  };
}

/** Input in taxInputOf's key order, its rate written one way ("0.1" → "0.10"), so two rules compare as JSON. */
export function canonicalTax(input: TaxRuleInput): TaxRuleInput {
  return {
    jurisdiction: canonicalJurisdiction(input.jurisdiction) as TaxRuleInput["jurisdiction"],
    name: input.name,
    regulatoryClass: input.regulatoryClass,
    nicotine: input.nicotine,
    system: input.system,
    liquid: input.liquid,
    basis: input.basis,
    rate: taxRateText(input.basis, taxRateUnits(input.basis, input.rate) ?? 0),
    mlRounding: input.mlRounding,
    afterDiscount: input.afterDiscount,
    salesTaxOnTop: input.salesTaxOnTop,
    effectiveFrom: input.effectiveFrom,
    effectiveTo: input.effectiveTo,
    sourceUrl: input.sourceUrl,
    sourceDate: input.sourceDate,
    lastCheckedOn: input.lastCheckedOn,
    notes: input.notes,
    isExample: input.isExample,
  };
}

/** A rule's columns (a country-wide level never reaches here: the schema refuses it). */
export function taxColumnsOf(input: TaxRuleInput) {
  const where = jurisdictionColumns(input.jurisdiction);
  return {
    level: where.level as TaxRuleRow["level"],
    state: where.state as string,
    locality: where.locality,
    zip_set_name: where.zip_set_name,
    zips: where.zips,
    name: input.name,
    regulatory_class: input.regulatoryClass,
    nicotine: input.nicotine,
    system: input.system,
    liquid: input.liquid,
    basis: input.basis,
    rate: taxRateUnits(input.basis, input.rate) ?? 0,
    ml_rounding: input.mlRounding,
    after_discount: input.afterDiscount ? (1 as const) : (0 as const),
    sales_tax_on_top: input.salesTaxOnTop ? (1 as const) : (0 as const),
    effective_from: input.effectiveFrom,
    effective_to: input.effectiveTo,
    source_url: input.sourceUrl,
    source_date: input.sourceDate,
    last_checked_on: input.lastCheckedOn,
    notes: input.notes,
    is_example: input.isExample ? (1 as const) : (0 as const),
  };
}

/** "Ohio vapor products tax (Ohio)": which tax, in words (the audit log, the import's rows). */
export const taxSummaryOf = (input: TaxRuleInput) => `${input.name} (${whereInWords(input.jurisdiction)})`;

export interface TaxesDependencies {
  now?: () => Date;
  /** Each change is in the audit log, written in the change's transaction (docs/decisions/053). */
  audit: AuditRecorder;
}

/** Settings > Taxes (docs/decisions/096): excise-tax rules and their versions; checkout reads them. */
export function createTaxesService(repository: TaxesRepository, { now = () => new Date(), audit }: TaxesDependencies) {
  const cutoff = () => ruleStaleCheckedOnOrBefore(dayOf(now()));

  function toItem(row: TaxRuleRow, staleDay = cutoff()): TaxRuleItem {
    return {
      id: row.id,
      version: row.version,
      ...taxInputOf(row),
      stale: row.last_checked_on <= staleDay,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async function get(id: string): Promise<TaxRuleItem> {
    const row = await repository.find(id);
    if (!row) throw new NotFound(`There is no tax rule with the id ${id}.`);
    return toItem(row);
  }

  const versionRow = (id: string, version: number, input: TaxRuleInput, actor: RuleActor | null, at: string) => ({
    rule_id: id,
    version,
    rule_json: JSON.stringify(input),
    actor_id: actor?.id ?? null,
    actor_name: actor?.name ?? null,
    created_at: at,
  });

  /** The rule's audit entry: its fields flattened, so that the log shows the ones that changed. */
  const auditTax = (
    trx: Executor,
    id: string,
    actor: RuleActor | null,
    before: TaxRuleInput | null,
    after: TaxRuleInput,
    action: string,
  ) =>
    audit.record(trx, {
      actor,
      kind: "tax_rule",
      subjectId: id,
      subjectLabel: taxSummaryOf(after),
      action,
      before: before ? taxColumnsOf(before) : null,
      after: taxColumnsOf(after),
    });

  function newRow(id: string, input: TaxRuleInput, at: string): NewTaxRuleRow {
    return { id, version: 1, ...taxColumnsOf(input), created_at: at, updated_at: at };
  }

  return {
    get,
    toItem,

    /**
     * The taxes to price an order to an address in `state` with: the state's and its places',
     * whether in force or not (price() decides by the day). Read before the order's transaction,
     * as the compliance rules are.
     */
    async rulesFor(state: UsState): Promise<EvaluatedTaxRule[]> {
      return (await repository.forState(state)).map((row) => ({ id: row.id, version: row.version, ...taxInputOf(row) }));
    },

    /** A new rule at version 1, and its first version kept. */
    async create(input: TaxRuleInput, actor: RuleActor | null): Promise<TaxRuleItem> {
      const id = newId();
      const at = now().toISOString();
      const rule = canonicalTax(input);
      await repository.db.transaction().execute(async (trx) => {
        await repository.insert(newRow(id, rule, at), trx);
        await repository.insertVersion(versionRow(id, 1, rule, actor, at), trx);
        await auditTax(trx, id, actor, null, rule, "created");
      });
      return get(id);
    },
  };
}

export type TaxesService = ReturnType<typeof createTaxesService>;
