import type { ComplianceImportResult } from "@shop/shared";
import { CSV_BOM, type CsvCell, csvRow, parseCsv } from "@shop/shared/csv";
import { Conflict, Invalid } from "@shop/shared/errors";
import type { z } from "zod";

// The CSV export and import of rules kept as data: the compliance rules and the tax rules
// (docs/decisions/040, 097) read and check a file the same way, row by row, and apply it whole.

/** What an import answers: the same shape for every kind of rule. */
export type RuleImportResult = ComplianceImportResult;
export type ImportProblem = RuleImportResult["rows"][number]["problems"][number];

/** A row of an import as planned: what it would do, and the input it would write. */
export type PlannedRow<Input> = RuleImportResult["rows"][number] & { input?: Input; version?: number; stored?: Input };

/** A rule table's CSV: its columns, how a row reads into a rule and back, and how its rules are found. */
export interface RuleCsv<
  Column extends string,
  Imported extends Column,
  Input,
  Row extends { id: string; version: number },
> {
  columns: readonly Column[];
  /** The columns an import reads (the others, such as id and stale, are the export's alone or read apart). */
  imported: readonly Imported[];
  /** What the file holds, in the plural: "rules", "tax rules". */
  noun: string;
  findMany: (ids: string[]) => Promise<Row[]>;
  read: (cells: Partial<Record<Column, string>>) => { input: Input } | { problems: ImportProblem[] };
  inputOf: (row: Row) => Input;
  cellsOf: (input: Input) => Record<Imported, string>;
  summaryOf: (input: Input) => string;
  /** A row that could not be read, described from its cells as typed. */
  rawSummary: (cells: Partial<Record<Column, string>>, line: number) => string;
}

/** The file: the header row, then a row a rule (RFC 4180, formulas defused, a byte order mark first). */
export function ruleCsvFile(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + [csvRow(columns), ...rows.map((row) => csvRow(row))].join("");
}

/**
 * A schema's problems with a row, each under the column it comes from, in the columns' order,
 * once each, after the problems found before the schema (`found`).
 */
export function rowProblems<Column extends string>(
  issues: readonly z.core.$ZodIssue[],
  columns: readonly Column[],
  columnOf: (issue: z.core.$ZodIssue) => { column: Column; message: string },
  found: ImportProblem[] = [],
): ImportProblem[] {
  const problems = [...found];
  for (const issue of issues) {
    const { column, message } = columnOf(issue);
    if (!problems.some((p) => p.column === column && p.message === message)) problems.push({ column, message });
  }
  const order = (column: string) => (columns as readonly string[]).indexOf(column);
  return problems.sort((a, b) => order(a.column) - order(b.column));
}

/** Reads and checks an import, row by row, against the rules as they are now. */
export async function planImport<
  Column extends string,
  Imported extends Column,
  Input,
  Row extends { id: string; version: number },
>(csv: string, spec: RuleCsv<Column, Imported, Input, Row>): Promise<PlannedRow<Input>[]> {
  let rows: ReturnType<typeof parseCsv>;
  try {
    rows = parseCsv(csv);
  } catch (error) {
    throw new Invalid(`The CSV file cannot be read: ${(error as Error).message}`, {
      fields: { csv: "cannot be read" },
    });
  }
  const [header, ...body] = rows;
  if (!header) throw new Invalid("The CSV file is empty.", { fields: { csv: "is empty" } });
  const names = header.cells.map((name) => name.trim().toLowerCase());
  const missing = spec.imported.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    throw new Invalid(
      `The CSV file's first line must name its columns; these are missing: ${missing.join(", ")}. Export the ${spec.noun} to see the expected columns.`,
      { fields: { csv: "misses columns" } },
    );
  }
  const unknown = names.filter((name) => name !== "" && !(spec.columns as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Invalid(`The CSV file has columns the ${spec.noun} do not have: ${unknown.join(", ")}.`, {
      fields: { csv: "has unknown columns" },
    });
  }
  if (body.length === 0)
    throw new Invalid(`The CSV file has no ${spec.noun} under its header.`, { fields: { csv: "has no rows" } });
  if (body.length > 5000)
    throw new Invalid(`Please import at most 5,000 ${spec.noun} at a time.`, { fields: { csv: "too many rows" } });

  const byId = new Map(
    (
      await spec.findMany([
        ...new Set(body.map((row) => (row.cells[names.indexOf("id")] ?? "").trim()).filter(Boolean)),
      ])
    ).map((row) => [row.id, row]),
  );
  const seen = new Set<string>();
  return body.map(({ line, cells }): PlannedRow<Input> => {
    const byColumn: Partial<Record<Column, string>> = {};
    names.forEach((name, index) => {
      byColumn[name as Column] = cells[index] ?? "";
    });
    const id = (byColumn["id" as Column] ?? "").trim();
    const read = spec.read(byColumn);
    const problems: ImportProblem[] = "problems" in read ? [...read.problems] : [];
    if (cells.length > names.length) {
      problems.push({
        column: "(row)",
        message: `has ${cells.length} cells but the header names ${names.length} columns`,
      });
    }
    const stored = id ? byId.get(id) : undefined;
    if (id && !stored) problems.push({ column: "id", message: `names no rule (leave it empty to create one)` });
    if (id && seen.has(id)) problems.push({ column: "id", message: "names a rule that an earlier row also changes" });
    if (id) seen.add(id);
    const summary =
      "input" in read
        ? spec.summaryOf(read.input)
        : stored
          ? spec.summaryOf(spec.inputOf(stored))
          : spec.rawSummary(byColumn, line);
    if (problems.length > 0 || !("input" in read)) {
      return { row: line, action: "error", id: id || null, summary, changes: [], problems };
    }
    if (!stored) return { row: line, action: "create", id: null, summary, changes: [], problems, input: read.input };
    const before = spec.cellsOf(spec.inputOf(stored));
    const after = spec.cellsOf(read.input);
    const changes = spec.imported.filter((column) => before[column] !== after[column]);
    return {
      row: line,
      action: changes.length === 0 ? "unchanged" : "update",
      id,
      summary,
      changes,
      problems,
      input: read.input,
      version: stored.version,
      stored: spec.inputOf(stored),
    };
  });
}

/** The import's answer: each row's action and problems, and how many of each. */
export function importAnswer<Input>(rows: PlannedRow<Input>[], applied: boolean): RuleImportResult {
  const count = (action: RuleImportResult["rows"][number]["action"]) =>
    rows.filter((row) => row.action === action).length;
  return {
    applied,
    counts: { create: count("create"), update: count("update"), unchanged: count("unchanged"), error: count("error") },
    rows: rows.map(({ input: _input, version: _version, stored: _stored, ...row }) => row),
  };
}

/** Refuses the whole import, in words, when any row has a problem: nothing is written. */
export function refuseRowsWithProblems<Input>(rows: PlannedRow<Input>[]): void {
  const bad = rows.filter((row) => row.action === "error");
  if (bad.length === 0) return;
  const first = bad
    .slice(0, 3)
    .map((row) => `row ${row.row}: ${row.problems.map((p) => `${p.column} ${p.message}`).join("; ")}`)
    .join(". ");
  throw new Invalid(
    `Nothing was imported: ${bad.length} row${bad.length === 1 ? " has" : "s have"} problems (${first}). Preview the file to see every problem.`,
    { fields: { csv: "has rows with problems" }, code: "import_rows_invalid" },
  );
}

/**
 * Writes an import's rows inside the caller's transaction: each new rule through `create` (its new
 * id kept on the row), each changed one through `update`, which answers false when the rule moved
 * on since the file was read, and then nothing is imported. `what` names a rule: "rule", "tax rule".
 */
export async function applyImport<Input>(
  rows: PlannedRow<Input>[],
  what: string,
  write: {
    create: (input: Input) => Promise<string>;
    update: (id: string, version: number, input: Input, stored: Input | null) => Promise<boolean>;
  },
): Promise<void> {
  for (const row of rows) {
    if (!row.input) continue;
    if (row.action === "create") {
      row.id = await write.create(row.input);
    } else if (row.action === "update" && row.id && row.version) {
      if (!(await write.update(row.id, row.version, row.input, row.stored ?? null))) {
        throw new Conflict(
          `Nothing was imported: the ${what} of row ${row.row} was changed by someone else meanwhile. Please preview the file again.`,
        );
      }
    }
  }
}
