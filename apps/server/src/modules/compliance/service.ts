import {
  type ClassBan,
  COMPLIANCE_RULES_PAGE_SIZE,
  type ComplianceImportResult,
  type ComplianceLine,
  type ComplianceRuleItem,
  type ComplianceRuleList,
  type complianceRuleInputSchema,
  type complianceRuleQuerySchema,
  countryWideBans,
  type EvaluatedRule,
  complianceRuleInputSchema as inputSchema,
  type Jurisdiction,
  nationwideBans,
  type RegulatoryClass,
  type RuleBan,
  type RuleCondition,
  type RuleRequirement,
  regulatoryClassLabels,
  ruleStaleCheckedOnOrBefore,
  type ShipsToAnswer,
  shipsToAnswer,
  stateWideBans,
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
import type { ComplianceRepository, NewRuleRow, RuleRow } from "./repository.ts";

export type RuleInput = z.output<typeof complianceRuleInputSchema>;
type RuleQuery = z.output<typeof complianceRuleQuerySchema>;

export type { RuleActor };

/** The columns a rule's jurisdiction is kept in (the compliance and the tax rules keep the same). */
export interface JurisdictionColumns {
  level: Jurisdiction["level"];
  state: string | null;
  locality: string | null;
  zip_set_name: string | null;
  zips: string | null;
}

/** A rule's jurisdiction from its columns. */
export function jurisdictionOf(row: JurisdictionColumns): Jurisdiction {
  const state = row.state as UsState;
  switch (row.level) {
    case "country":
      return { level: "country", country: "US" };
    case "state":
      return { level: "state", country: "US", state };
    case "locality":
      return { level: "locality", country: "US", state, locality: row.locality ?? "" };
    case "zip_set":
      return {
        level: "zip_set",
        country: "US",
        state,
        name: row.zip_set_name ?? "",
        zips: (row.zips ?? "").split(" ").filter(Boolean),
      };
  }
}

/** A jurisdiction as its columns. */
export function jurisdictionColumns(j: Jurisdiction): JurisdictionColumns {
  return {
    level: j.level,
    state: j.level === "country" ? null : j.state,
    locality: j.level === "locality" ? j.locality : null,
    zip_set_name: j.level === "zip_set" ? j.name : null,
    zips: j.level === "zip_set" ? j.zips.join(" ") : null,
  };
}

/** A jurisdiction in one key order with a ZIP set's codes sorted once each, so two compare as JSON. */
export function canonicalJurisdiction(j: Jurisdiction): Jurisdiction {
  return j.level === "country"
    ? { level: "country", country: "US" }
    : j.level === "state"
      ? { level: "state", country: "US", state: j.state }
      : j.level === "locality"
        ? { level: "locality", country: "US", state: j.state, locality: j.locality }
        : { level: "zip_set", country: "US", state: j.state, name: j.name, zips: [...new Set(j.zips)].sort() };
}

/** The rule's fields as staff gave them (the API's input shape), in one key order: what a version keeps. */
export function inputOf(row: RuleRow): RuleInput {
  return {
    jurisdiction: jurisdictionOf(row),
    regulatoryClass: row.regulatory_class as RegulatoryClass,
    effect: row.effect,
    minAge: row.min_age,
    requirements: row.requirements.split(" ").filter(Boolean) as RuleRequirement[],
    statement: row.statement,
    condition:
      row.condition_attribute && row.condition_operator
        ? ({
            attribute: row.condition_attribute,
            operator: row.condition_operator,
            value: row.condition_value ?? "",
          } as RuleCondition)
        : null,
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
    sourceUrl: row.source_url,
    sourceDate: row.source_date,
    lastCheckedOn: row.last_checked_on,
    notes: row.notes,
    exceptLicensed: row.except_licensed === 1,
    isExample: row.is_example === 1,
  };
}

/** Input in inputOf's key order, so two rules compare as JSON. */
function canonical(input: RuleInput): RuleInput {
  return {
    jurisdiction: canonicalJurisdiction(input.jurisdiction),
    regulatoryClass: input.regulatoryClass,
    effect: input.effect,
    minAge: input.minAge,
    requirements: input.requirements,
    statement: input.statement || null,
    condition: input.condition
      ? { attribute: input.condition.attribute, operator: input.condition.operator, value: input.condition.value }
      : null,
    effectiveFrom: input.effectiveFrom,
    effectiveTo: input.effectiveTo,
    sourceUrl: input.sourceUrl,
    sourceDate: input.sourceDate,
    lastCheckedOn: input.lastCheckedOn,
    notes: input.notes,
    exceptLicensed: input.exceptLicensed,
    isExample: input.isExample,
  };
}

function columnsOf(input: RuleInput) {
  return {
    ...jurisdictionColumns(input.jurisdiction),
    regulatory_class: input.regulatoryClass,
    effect: input.effect,
    min_age: input.minAge,
    requirements: input.requirements.join(" "),
    statement: input.statement,
    condition_attribute: input.condition?.attribute ?? null,
    condition_operator: input.condition?.operator ?? null,
    condition_value: input.condition?.value ?? null,
    effective_from: input.effectiveFrom,
    effective_to: input.effectiveTo,
    source_url: input.sourceUrl,
    source_date: input.sourceDate,
    last_checked_on: input.lastCheckedOn,
    notes: input.notes,
    except_licensed: input.exceptLicensed ? (1 as const) : (0 as const),
    is_example: input.isExample ? (1 as const) : (0 as const),
  };
}

const summaryOf = (input: RuleInput) =>
  `${regulatoryClassLabels[input.regulatoryClass]}: ${input.effect} in ${whereInWords(input.jurisdiction)}`;

// ---- CSV ----------------------------------------------------------------------------------------

/** The export's columns, in order; the import reads the same (id, version, stale and updated_at are not imported). */
export const CSV_COLUMNS = [
  "id",
  "version",
  "level",
  "country",
  "state",
  "locality",
  "zip_set_name",
  "zips",
  "class",
  "effect",
  "min_age",
  "requirements",
  "statement",
  "condition_attribute",
  "condition_operator",
  "condition_value",
  "effective_from",
  "effective_to",
  "source_url",
  "source_date",
  "last_checked_on",
  "notes",
  "except_licensed",
  "is_example",
  "stale",
  "updated_at",
] as const;
type Column = (typeof CSV_COLUMNS)[number];
const NOT_IMPORTED = new Set<Column>(["id", "version", "stale", "updated_at", "country"]);
type Imported = Exclude<Column, "id" | "version" | "stale" | "updated_at" | "country">;
const IMPORTED = CSV_COLUMNS.filter((column): column is Imported => !NOT_IMPORTED.has(column));

/** The cells of a rule's fields, as the CSV writes them (and as an import compares them). */
function cellsOf(input: RuleInput): Record<Imported, string> {
  const c = columnsOf(input);
  return {
    level: c.level,
    state: c.state ?? "",
    locality: c.locality ?? "",
    zip_set_name: c.zip_set_name ?? "",
    zips: c.zips ?? "",
    class: c.regulatory_class,
    effect: c.effect,
    min_age: c.min_age === null ? "" : String(c.min_age),
    requirements: c.requirements,
    statement: c.statement ?? "",
    condition_attribute: c.condition_attribute ?? "",
    condition_operator: c.condition_operator ?? "",
    condition_value: c.condition_value ?? "",
    effective_from: c.effective_from,
    effective_to: c.effective_to ?? "",
    source_url: c.source_url,
    source_date: c.source_date ?? "",
    last_checked_on: c.last_checked_on,
    notes: c.notes,
    except_licensed: input.exceptLicensed ? "yes" : "no",
    is_example: input.isExample ? "yes" : "no",
  };
}

/** Which CSV column a field of the rule's schema comes from. */
function columnOfPath(path: readonly PropertyKey[]): Column {
  const [first, second] = path.map(String);
  if (first === "jurisdiction") {
    if (second === "name") return "zip_set_name";
    if (second === "state" || second === "locality" || second === "zips" || second === "country") return second;
    return "level";
  }
  if (first === "condition") return `condition_${second ?? "attribute"}` as Column;
  const names: Record<string, Column> = {
    regulatoryClass: "class",
    effect: "effect",
    minAge: "min_age",
    requirements: "requirements",
    statement: "statement",
    effectiveFrom: "effective_from",
    effectiveTo: "effective_to",
    sourceUrl: "source_url",
    sourceDate: "source_date",
    lastCheckedOn: "last_checked_on",
    notes: "notes",
    exceptLicensed: "except_licensed",
    isExample: "is_example",
  };
  return names[first ?? ""] ?? "level";
}

const words = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const YES = new Set(["yes", "true", "1", "y"]);
const NO = new Set(["no", "false", "0", "n", ""]);

/** A CSV row (cells by column) as the rule's input, or the problems of its cells in words. */
function readRow(cells: Partial<Record<Column, string>>): { input: RuleInput } | { problems: ImportProblem[] } {
  const cell = (column: Column) => (cells[column] ?? "").trim();
  const problems: ImportProblem[] = [];
  const level = cell("level");
  const used: Record<string, Column[]> = {
    country: [],
    state: ["state"],
    locality: ["state", "locality"],
    zip_set: ["state", "zip_set_name", "zips"],
  };
  for (const column of ["state", "locality", "zip_set_name", "zips"] as const) {
    if (used[level] && !used[level].includes(column) && cell(column) !== "") {
      problems.push({ column, message: `must be empty for a rule whose level is ${level}` });
    }
  }
  const country = cell("country") || "US";
  const jurisdiction =
    level === "country"
      ? { level, country }
      : level === "state"
        ? { level, country, state: cell("state") }
        : level === "locality"
          ? { level, country, state: cell("state"), locality: cell("locality") }
          : { level, country, state: cell("state"), name: cell("zip_set_name"), zips: words(cell("zips")) };
  const minAge = cell("min_age");
  const example = cell("is_example").toLowerCase();
  if (!YES.has(example) && !NO.has(example)) problems.push({ column: "is_example", message: "must be yes or no" });
  const exceptLicensed = cell("except_licensed").toLowerCase();
  if (!YES.has(exceptLicensed) && !NO.has(exceptLicensed)) {
    problems.push({ column: "except_licensed", message: "must be yes or no" });
  }
  const conditionCells = [cell("condition_attribute"), cell("condition_operator"), cell("condition_value")];
  const candidate = {
    jurisdiction,
    regulatoryClass: cell("class"),
    effect: cell("effect"),
    minAge: minAge === "" ? null : /^\d+$/.test(minAge) ? Number(minAge) : minAge,
    requirements: words(cell("requirements")),
    statement: cell("statement") || null,
    condition: conditionCells.every((value) => value === "")
      ? null
      : { attribute: conditionCells[0], operator: conditionCells[1], value: conditionCells[2] },
    effectiveFrom: cell("effective_from"),
    effectiveTo: cell("effective_to") || null,
    sourceUrl: cell("source_url"),
    sourceDate: cell("source_date") || null,
    lastCheckedOn: cell("last_checked_on"),
    notes: cells.notes ?? "",
    exceptLicensed: YES.has(exceptLicensed),
    isExample: YES.has(example),
  };
  const parsed = inputSchema.safeParse(candidate);
  const found = rowProblems(
    parsed.error?.issues ?? [],
    CSV_COLUMNS,
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
  return { input: canonical(parsed.data) };
}

/** A row that could not be read, described from its cells as typed ("KRATOM, ban, FL"). */
function rawSummary(cells: Partial<Record<Column, string>>, line: number): string {
  const words = [cells.class, cells.effect, cells.state || (cells.level === "country" ? "US" : "")]
    .map((cell) => (cell ?? "").trim())
    .filter(Boolean);
  return words.length > 0 ? words.join(", ") : `Row ${line}`;
}

export interface ComplianceDependencies {
  now?: () => Date;
  /** Each change is in the audit log, written in the change's transaction (docs/decisions/053). */
  audit: AuditRecorder;
  /**
   * Called once rules have changed (and committed): the catalogue decides again which products are
   * sold nowhere (docs/decisions/080).
   */
  rulesChanged?: () => Promise<void>;
}

/** Settings > Compliance (docs/decisions/040): jurisdiction rules, their versions, the CSV export and import. */
export function createComplianceService(
  repository: ComplianceRepository,
  { now = () => new Date(), audit, rulesChanged = async () => {} }: ComplianceDependencies,
) {
  // Stale as the shared rules say (ruleIsStale): checked 90 days before today or earlier.
  const cutoff = () => ruleStaleCheckedOnOrBefore(dayOf(now()));

  function toItem(row: RuleRow, staleDay = cutoff()): ComplianceRuleItem {
    return {
      id: row.id,
      version: row.version,
      ...inputOf(row),
      stale: row.last_checked_on <= staleDay,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async function get(id: string): Promise<ComplianceRuleItem> {
    const row = await repository.find(id);
    if (!row) throw new NotFound(`There is no compliance rule with the id ${id}.`);
    return toItem(row);
  }

  /** The rule's audit entry: its fields flattened, so that the log shows the ones that changed. */
  const auditRule = (
    trx: Executor,
    id: string,
    actor: RuleActor | null,
    before: RuleInput | null,
    after: RuleInput,
    action: string,
  ) =>
    audit.record(trx, {
      actor,
      kind: "rule",
      subjectId: id,
      subjectLabel: summaryOf(after),
      action,
      before: before ? cellsOf(before) : null,
      after: cellsOf(after),
    });

  function newRow(id: string, input: RuleInput, at: string): NewRuleRow {
    return { id, version: 1, country: "US", ...columnsOf(input), created_at: at, updated_at: at };
  }

  /** Reads and checks an import, row by row, against the rules as they are now. */
  const plan = (csv: string) =>
    planImport(csv, {
      columns: CSV_COLUMNS,
      imported: IMPORTED,
      noun: "rules",
      findMany: (ids) => repository.findMany(ids),
      read: readRow,
      inputOf,
      cellsOf,
      summaryOf,
      rawSummary,
    });

  /**
   * The rules to evaluate an order to an address in `state` with (docs/decisions/044): read before
   * the order's transaction, so that SQLite's one connection never waits for itself. With no state,
   * the country's alone.
   */
  async function rulesFor(state: UsState | null): Promise<EvaluatedRule[]> {
    const rows = await (state === null ? repository.countryWide() : repository.forState(state));
    return rows.map((row) => ({ id: row.id, version: row.version, ...inputOf(row) }));
  }
  const today = () => dayOf(now());

  return {
    get,

    async list(query: RuleQuery): Promise<ComplianceRuleList> {
      const staleDay = cutoff();
      const filter = {
        state: query.state,
        regulatoryClass: query.class,
        effect: query.effect,
        stale: query.stale === undefined ? undefined : query.stale === "true",
        staleOnOrBefore: staleDay,
        q: query.q || undefined,
      };
      const page = { offset: (query.page - 1) * COMPLIANCE_RULES_PAGE_SIZE, limit: COMPLIANCE_RULES_PAGE_SIZE };
      const [rows, total] = await Promise.all([repository.page(filter, page), repository.count(filter)]);
      return {
        items: rows.map((row) => toItem(row, staleDay)),
        total,
        page: query.page,
        pageSize: COMPLIANCE_RULES_PAGE_SIZE,
      };
    },

    rulesFor,

    /**
     * Whether a product ships to the buyer's chosen state (or, with none chosen, whether anything
     * stops it everywhere) today: the product page's line (docs/decisions/049).
     */
    async shipsTo(line: ComplianceLine, state: UsState | null): Promise<ShipsToAnswer> {
      return shipsToAnswer(line, state, await rulesFor(state), today());
    },

    /** The bans a "ships to my state" product list leaves products out for, today (decision 049). */
    async bansFor(state: UsState): Promise<ClassBan[]> {
      return stateWideBans(await rulesFor(state), state, today());
    },

    /**
     * What stops each product being sold anywhere today (the federal hemp limit, decision 047):
     * the country-wide bans that apply to its line, by product id; staff screens show them.
     */
    async bansEverywhere(lines: ReadonlyMap<string, ComplianceLine>): Promise<Map<string, RuleBan[]>> {
      const rules = (await repository.countryWide()).map((row) => ({
        id: row.id,
        version: row.version,
        ...inputOf(row),
      }));
      const on = dayOf(now());
      return new Map([...lines].map(([id, line]) => [id, nationwideBans(line, rules, on)]));
    },

    /** The country-wide bans in force today: what makes a product sold nowhere (docs/decisions/080). */
    async bansEverywhereToday(): Promise<ClassBan[]> {
      const rules = (await repository.countryWide()).map((row) => ({
        id: row.id,
        version: row.version,
        ...inputOf(row),
      }));
      return countryWideBans(rules, today());
    },

    /** How many rules are stale today (the dashboard home). */
    countStale(): Promise<number> {
      return repository.countStale(cutoff());
    },

    /** Every version of a rule, newest first, whole, with who made it and when. */
    async versions(id: string) {
      await get(id);
      return keptVersions<RuleInput>(await repository.versions(id));
    },

    /** A new rule at version 1, and its first version kept. */
    async create(input: RuleInput, actor: RuleActor | null): Promise<ComplianceRuleItem> {
      const id = newId();
      const at = now().toISOString();
      const rule = canonical(input);
      await repository.db.transaction().execute(async (trx) => {
        await repository.insert(newRow(id, rule, at), trx);
        await repository.insertVersion(versionRow(id, 1, rule, actor, at), trx);
        await auditRule(trx, id, actor, null, rule, "created");
      });
      await rulesChanged();
      return get(id);
    },

    /** The rule's fields replaced: its next version, kept whole. The same fields again change nothing. */
    async update(id: string, input: RuleInput, actor: RuleActor | null): Promise<ComplianceRuleItem> {
      const stored = await repository.find(id);
      if (!stored) throw new NotFound(`There is no compliance rule with the id ${id}.`);
      const rule = canonical(input);
      if (sameFields(rule, canonical(inputOf(stored)))) return toItem(stored);
      const at = now().toISOString();
      const version = stored.version + 1;
      await repository.db.transaction().execute(async (trx) => {
        const written = await repository.updateIfVersion(
          id,
          stored.version,
          { ...columnsOf(rule), version, updated_at: at },
          trx,
        );
        if (!written) throw changedMeanwhile();
        await repository.insertVersion(versionRow(id, version, rule, actor, at), trx);
        await auditRule(trx, id, actor, inputOf(stored), rule, `updated (version ${version})`);
      });
      await rulesChanged();
      return get(id);
    },

    /** Every rule as CSV (RFC 4180, formulas defused), with the columns the import reads. */
    async csv(): Promise<string> {
      const staleDay = cutoff();
      const rows = (await repository.all()).map((row) => {
        const cells = cellsOf(inputOf(row));
        return CSV_COLUMNS.map((column) => {
          if (column === "id") return row.id;
          if (column === "version") return row.version;
          if (column === "country") return row.country;
          if (column === "stale") return row.last_checked_on <= staleDay ? "yes" : "no";
          if (column === "updated_at") return row.updated_at;
          return cells[column];
        });
      });
      return ruleCsvFile(CSV_COLUMNS, rows);
    },

    /**
     * An import: with preview, what each row would do (create, update by id, unchanged, or its
     * problems in words); without, all rows applied in one transaction, or none when any row has a
     * problem or a rule changed since it was read.
     */
    async import(csv: string, preview: boolean, actor: RuleActor | null): Promise<ComplianceImportResult> {
      const rows = await plan(csv);
      if (preview) return importAnswer(rows, false);
      refuseRowsWithProblems(rows);
      const at = now().toISOString();
      await repository.db.transaction().execute((trx) =>
        applyImport(rows, "rule", {
          async create(input) {
            const id = newId();
            await repository.insert(newRow(id, input, at), trx);
            await repository.insertVersion(versionRow(id, 1, input, actor, at), trx);
            await auditRule(trx, id, actor, null, input, "created by import");
            return id;
          },
          async update(id, read, input, before) {
            const version = read + 1;
            const changes = { ...columnsOf(input), version, updated_at: at };
            if (!(await repository.updateIfVersion(id, read, changes, trx))) return false;
            await repository.insertVersion(versionRow(id, version, input, actor, at), trx);
            await auditRule(trx, id, actor, before, input, `updated by import (version ${version})`);
            return true;
          },
        }),
      );
      await rulesChanged();
      return importAnswer(rows, true);
    },
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;
