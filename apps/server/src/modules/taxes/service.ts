import {
  type EvaluatedTaxRule,
  taxRuleInputSchema as inputSchema,
  type RegulatoryClass,
  ruleStaleCheckedOnOrBefore,
  TAX_RULES_PAGE_SIZE,
  type TaxImportResult,
  type TaxRuleItem,
  type TaxRuleList,
  taxRateText,
  taxRateUnits,
  type taxRuleInputSchema,
  type taxRuleQuerySchema,
  type UsState,
  whereInWords,
} from "@shop/shared";
import { NotFound } from "@shop/shared/errors";
import { dayOf } from "@shop/shared/rules";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import {
  applyImport,
  type ImportProblem,
  importAnswer,
  planImport,
  refuseRowsWithProblems,
  rowProblems,
  ruleCsvFile,
} from "../../lib/rule-csv.ts";
import { changedMeanwhile, keptVersions, type RuleActor, sameFields, versionRow } from "../../lib/rule-versions.ts";
import type { AuditRecorder } from "../audit/service.ts";
import { canonicalJurisdiction, jurisdictionColumns, jurisdictionOf } from "../compliance/service.ts";
import type { NewTaxRuleRow, TaxesRepository, TaxRuleRow } from "./repository.ts";

export type TaxRuleInput = z.output<typeof taxRuleInputSchema>;
type TaxRuleQuery = z.output<typeof taxRuleQuerySchema>;

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
    wholesale: row.wholesale,
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
    wholesale: input.wholesale,
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
    wholesale: input.wholesale,
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

// ---- CSV ----------------------------------------------------------------------------------------

/** The export's columns, in order; the import reads the same (id, version, stale and updated_at are not imported). */
export const TAX_CSV_COLUMNS = [
  "id",
  "version",
  "level",
  "state",
  "locality",
  "zip_set_name",
  "zips",
  "name",
  "class",
  "nicotine",
  "system",
  "liquid",
  "basis",
  "rate",
  "ml_rounding",
  "after_discount",
  "sales_tax_on_top",
  "wholesale",
  "effective_from",
  "effective_to",
  "source_url",
  "source_date",
  "last_checked_on",
  "notes",
  "is_example",
  "stale",
  "updated_at",
] as const;
type Column = (typeof TAX_CSV_COLUMNS)[number];
type Imported = Exclude<Column, "id" | "version" | "stale" | "updated_at">;
const NOT_IMPORTED = new Set<Column>(["id", "version", "stale", "updated_at"]);
const IMPORTED = TAX_CSV_COLUMNS.filter((column): column is Imported => !NOT_IMPORTED.has(column));

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** The cells of a tax rule's fields, as the CSV writes them (and as an import compares them). */
function cellsOf(input: TaxRuleInput): Record<Imported, string> {
  const c = taxColumnsOf(input);
  return {
    level: c.level,
    state: c.state,
    locality: c.locality ?? "",
    zip_set_name: c.zip_set_name ?? "",
    zips: c.zips ?? "",
    name: c.name,
    class: c.regulatory_class,
    nicotine: c.nicotine,
    system: c.system,
    liquid: c.liquid,
    basis: c.basis,
    rate: input.rate,
    ml_rounding: c.ml_rounding ?? "",
    after_discount: yesNo(input.afterDiscount),
    sales_tax_on_top: yesNo(input.salesTaxOnTop),
    wholesale: input.wholesale,
    effective_from: c.effective_from,
    effective_to: c.effective_to ?? "",
    source_url: c.source_url,
    source_date: c.source_date ?? "",
    last_checked_on: c.last_checked_on,
    notes: c.notes,
    is_example: yesNo(input.isExample),
  };
}

/** Which CSV column a field of the tax rule's schema comes from. */
function columnOfPath(path: readonly PropertyKey[]): Column {
  const [first, second] = path.map(String);
  if (first === "jurisdiction") {
    if (second === "name") return "zip_set_name";
    if (second === "state" || second === "locality" || second === "zips") return second;
    return "level";
  }
  const names: Record<string, Column> = {
    name: "name",
    regulatoryClass: "class",
    nicotine: "nicotine",
    system: "system",
    liquid: "liquid",
    basis: "basis",
    rate: "rate",
    mlRounding: "ml_rounding",
    afterDiscount: "after_discount",
    salesTaxOnTop: "sales_tax_on_top",
    wholesale: "wholesale",
    effectiveFrom: "effective_from",
    effectiveTo: "effective_to",
    sourceUrl: "source_url",
    sourceDate: "source_date",
    lastCheckedOn: "last_checked_on",
    notes: "notes",
    isExample: "is_example",
  };
  return names[first ?? ""] ?? "level";
}

const words = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const YES = new Set(["yes", "true", "1", "y"]);
const NO = new Set(["no", "false", "0", "n", ""]);

/** A CSV row (cells by column) as the tax rule's input, or the problems of its cells in words. */
function readRow(cells: Partial<Record<Column, string>>): { input: TaxRuleInput } | { problems: ImportProblem[] } {
  const cell = (column: Column) => (cells[column] ?? "").trim();
  const problems: ImportProblem[] = [];
  const level = cell("level");
  const used: Record<string, Column[]> = {
    state: ["state"],
    locality: ["state", "locality"],
    zip_set: ["state", "zip_set_name", "zips"],
  };
  for (const column of ["locality", "zip_set_name", "zips"] as const) {
    if (used[level] && !used[level].includes(column) && cell(column) !== "") {
      problems.push({ column, message: `must be empty for a tax whose level is ${level}` });
    }
  }
  const flag = (column: "after_discount" | "sales_tax_on_top" | "is_example") => {
    const value = cell(column).toLowerCase();
    if (!YES.has(value) && !NO.has(value)) problems.push({ column, message: "must be yes or no" });
    return YES.has(value);
  };
  const country = "US";
  const jurisdiction =
    level === "state"
      ? { level, country, state: cell("state") }
      : level === "locality"
        ? { level, country, state: cell("state"), locality: cell("locality") }
        : level === "zip_set"
          ? { level, country, state: cell("state"), name: cell("zip_set_name"), zips: words(cell("zips")) }
          : { level, country };
  const candidate = {
    jurisdiction,
    name: cell("name"),
    regulatoryClass: cell("class"),
    nicotine: cell("nicotine"),
    system: cell("system"),
    liquid: cell("liquid"),
    basis: cell("basis"),
    rate: cell("rate"),
    mlRounding: cell("ml_rounding") || null,
    afterDiscount: flag("after_discount"),
    salesTaxOnTop: flag("sales_tax_on_top"),
    // An empty cell is the default, as a rule saved without it.
    wholesale: cell("wholesale") || "charged",
    effectiveFrom: cell("effective_from"),
    effectiveTo: cell("effective_to") || null,
    sourceUrl: cell("source_url"),
    sourceDate: cell("source_date") || null,
    lastCheckedOn: cell("last_checked_on"),
    notes: cells.notes ?? "",
    isExample: flag("is_example"),
  };
  const parsed = inputSchema.safeParse(candidate);
  const found = rowProblems(
    parsed.error?.issues ?? [],
    TAX_CSV_COLUMNS,
    (issue) => {
      const column = columnOfPath(issue.path);
      let message = issue.message;
      if (column === "zips" && typeof issue.path[2] === "number" && jurisdiction.level === "zip_set") {
        message = `${message} ("${(jurisdiction as { zips: string[] }).zips[issue.path[2]]}" is not)`;
      }
      return { column, message };
    },
    problems,
  );
  if (found.length > 0 || !parsed.success) return { problems: found };
  return { input: canonicalTax(parsed.data) };
}

/** A row that could not be read, described from its cells as typed ("Ohio vapor tax, OH"). */
function rawSummary(cells: Partial<Record<Column, string>>, line: number): string {
  const named = [cells.name, cells.state].map((cell) => (cell ?? "").trim()).filter(Boolean);
  return named.length > 0 ? named.join(", ") : `Row ${line}`;
}

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

  /** Reads and checks an import, row by row, against the tax rules as they are now. */
  const plan = (csv: string) =>
    planImport(csv, {
      columns: TAX_CSV_COLUMNS,
      imported: IMPORTED,
      noun: "tax rules",
      findMany: (ids) => repository.findMany(ids),
      read: readRow,
      inputOf: taxInputOf,
      cellsOf,
      summaryOf: taxSummaryOf,
      rawSummary,
    });

  /** Writes the rule's next version over `read` (the version it was read at); false when it moved on meanwhile. */
  async function writeVersion(
    trx: Executor,
    id: string,
    read: number,
    rule: TaxRuleInput,
    before: TaxRuleInput | null,
    actor: RuleActor | null,
    at: string,
    action: string,
  ): Promise<boolean> {
    const version = read + 1;
    const written = await repository.updateIfVersion(id, read, { ...taxColumnsOf(rule), version, updated_at: at }, trx);
    if (!written) return false;
    await repository.insertVersion(versionRow(id, version, rule, actor, at), trx);
    await auditTax(trx, id, actor, before, rule, `${action} (version ${version})`);
    return true;
  }

  return {
    get,
    toItem,

    async list(query: TaxRuleQuery): Promise<TaxRuleList> {
      const staleDay = cutoff();
      const filter = {
        state: query.state,
        regulatoryClass: query.class,
        basis: query.basis,
        stale: query.stale === undefined ? undefined : query.stale === "true",
        staleOnOrBefore: staleDay,
        q: query.q || undefined,
      };
      const page = { offset: (query.page - 1) * TAX_RULES_PAGE_SIZE, limit: TAX_RULES_PAGE_SIZE };
      const [rows, total] = await Promise.all([repository.page(filter, page), repository.count(filter)]);
      return {
        items: rows.map((row) => toItem(row, staleDay)),
        total,
        page: query.page,
        pageSize: TAX_RULES_PAGE_SIZE,
      };
    },

    /** How many tax rules are stale today (the dashboard home). */
    countStale(): Promise<number> {
      return repository.countStale(cutoff());
    },

    /** Every version of a tax rule, newest first, whole, with who made it and when. */
    async versions(id: string) {
      await get(id);
      return keptVersions<TaxRuleInput>(await repository.versions(id));
    },

    /**
     * The taxes to price an order to an address in `state` with: the state's and its places',
     * whether in force or not (price() decides by the day). Read before the order's transaction,
     * as the compliance rules are.
     */
    async rulesFor(state: UsState): Promise<EvaluatedTaxRule[]> {
      return (await repository.forState(state)).map((row) => ({
        id: row.id,
        version: row.version,
        ...taxInputOf(row),
      }));
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

    /** The rule's fields replaced: its next version, kept whole. The same fields again change nothing. */
    async update(id: string, input: TaxRuleInput, actor: RuleActor | null): Promise<TaxRuleItem> {
      const stored = await repository.find(id);
      if (!stored) throw new NotFound(`There is no tax rule with the id ${id}.`);
      const rule = canonicalTax(input);
      const before = taxInputOf(stored);
      if (sameFields(rule, canonicalTax(before))) return toItem(stored);
      const at = now().toISOString();
      await repository.db.transaction().execute(async (trx) => {
        if (!(await writeVersion(trx, id, stored.version, rule, before, actor, at, "updated")))
          throw changedMeanwhile();
      });
      return get(id);
    },

    /** Every tax rule as CSV (RFC 4180, formulas defused), with the columns the import reads. */
    async csv(): Promise<string> {
      const staleDay = cutoff();
      const rows = (await repository.all()).map((row) => {
        const cells = cellsOf(taxInputOf(row));
        return TAX_CSV_COLUMNS.map((column) => {
          if (column === "id") return row.id;
          if (column === "version") return row.version;
          if (column === "stale") return yesNo(row.last_checked_on <= staleDay);
          if (column === "updated_at") return row.updated_at;
          return cells[column];
        });
      });
      return ruleCsvFile(TAX_CSV_COLUMNS, rows);
    },

    /**
     * An import: with preview, what each row would do (create, update by id, unchanged, or its
     * problems in words); without, all rows applied in one transaction, or none when any row has a
     * problem or a rule changed since it was read.
     */
    async import(csv: string, preview: boolean, actor: RuleActor | null): Promise<TaxImportResult> {
      const rows = await plan(csv);
      if (preview) return importAnswer(rows, false);
      refuseRowsWithProblems(rows);
      const at = now().toISOString();
      await repository.db.transaction().execute((trx) =>
        applyImport(rows, "tax rule", {
          async create(input) {
            const id = newId();
            await repository.insert(newRow(id, input, at), trx);
            await repository.insertVersion(versionRow(id, 1, input, actor, at), trx);
            await auditTax(trx, id, actor, null, input, "created by import");
            return id;
          },
          update: (id, read, input, before) =>
            writeVersion(trx, id, read, input, before, actor, at, "updated by import"),
        }),
      );
      return importAnswer(rows, true);
    },
  };
}

export type TaxesService = ReturnType<typeof createTaxesService>;
