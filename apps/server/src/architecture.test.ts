import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { SHARED_READS, TABLE_OWNERS } from "./db/table-owners.ts";

/**
 * The module boundaries (docs/decisions/026) that are not imports: a server module's SQL names only
 * its own tables, in its repository; and server tests change nothing process-wide. Which file may
 * import which is held by dependency-cruiser (boundaries.test.ts, decision 087). Each failure names
 * the file, what it reached for and the rule.
 */

const serverSrc = import.meta.dirname;

interface SourceFile {
  /** Relative to the repository, for messages. */
  name: string;
  absolute: string;
  text: string;
}

function sourcesUnder(dir: string): SourceFile[] {
  const root = path.resolve(serverSrc, "../../..");
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => {
      const absolute = path.join(dir, file);
      return { name: path.relative(root, absolute), absolute, text: readFileSync(absolute, "utf8") };
    });
}

/** The module (modules/<name>) a path lies in, or null. */
function partOf(file: string, dir: string): string | null {
  const relative = path.relative(dir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** Kysely's calls whose first argument names a table ("products as p"). */
const KYSELY_TABLE_CALLS = new Set([
  "selectFrom",
  "insertInto",
  "replaceInto",
  "updateTable",
  "deleteFrom",
  "mergeInto",
  "innerJoin",
  "leftJoin",
  "rightJoin",
  "fullJoin",
]);
/** In the text of a raw sql`…` query, the word after from, join, into, update or table. */
const RAW_SQL_TABLE = /\b(?:from|join|into|update|table)\s+([a-z_]+)/gi;

/**
 * The tables a file's SQL names, with whether the mention only reads (a select or a join, never a
 * write): read from the file's syntax tree, Kysely's calls and raw sql`…` templates.
 */
export function tablesIn(text: string): { table: string; reads: boolean }[] {
  const found: { table: string; reads: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const first = node.arguments[0];
      if (KYSELY_TABLE_CALLS.has(method) && first && ts.isStringLiteralLike(first)) {
        const table = /^[a-z_]+/.exec(first.text)?.[0];
        if (table) found.push({ table, reads: method === "selectFrom" || method.endsWith("Join") });
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === "sql") {
      const template = node.template;
      // A substitution is written as "?" so that no word after "from" is taken from beyond it.
      const query = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join("?");
      // A raw query that writes nothing (a subquery, a select) only reads.
      const reads = !/\b(update|insert|delete|replace)\b/i.test(query);
      for (const match of query.matchAll(RAW_SQL_TABLE)) {
        found.push({ table: (match[1] as string).toLowerCase(), reads });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile("source.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return found;
}

const modulesDir = path.join(serverSrc, "modules");
const isRepository = (file: string) => /(^|-)repository\.ts$/.test(path.basename(file));

const repo = path.resolve(serverSrc, "../../..");
const rel = (file: string) => path.relative(repo, file);

describe("architecture", () => {
  const serverFiles = sourcesUnder(modulesDir);

  it("server modules name only their own tables in SQL (owners in src/db/table-owners.ts)", () => {
    const problems: string[] = [];
    const owners: Record<string, string> = TABLE_OWNERS;
    const shared: Record<string, { readBy: readonly string[] } | undefined> = SHARED_READS;
    for (const file of serverFiles) {
      const own = partOf(file.absolute, modulesDir);
      for (const { table, reads } of tablesIn(file.text)) {
        const owner = owners[table];
        if (owner === undefined) {
          problems.push(`${file.name} names table "${table}", which has no owner in src/db/table-owners.ts.`);
        } else if (owner !== own && !(reads && own && shared[table]?.readBy.includes(own))) {
          problems.push(
            `${file.name} names table "${table}" of module "${owner}": module "${own}" asks "${owner}"'s service instead.`,
          );
        } else if (owner === own && !isRepository(file.absolute)) {
          problems.push(`${file.name} names table "${table}": SQL lives in the module's repository only.`);
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("finds tables the way the rule needs (the checks cannot pass by seeing nothing)", () => {
    expect(
      tablesIn(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a substitution
        'db.selectFrom("batches as b").leftJoin("products as p", "p.id", "b.product_id"); db.updateTable("images"); sql`update product_term_counts set n = ${n}`; sql<number>`(select x from ${table} where id = 1)`; sql`(select x from coas)`',
      ),
    ).toEqual([
      { table: "products", reads: true },
      { table: "batches", reads: true },
      { table: "images", reads: false },
      { table: "product_term_counts", reads: false },
      { table: "coas", reads: true },
    ]);
    expect(serverFiles.length).toBeGreaterThan(20);
    expect(processWideChanges('vi.mock("./x.ts");\nprocess.env.PORT = "1";\nvi.spyOn(app, "x");')).toEqual([
      "vi.mock",
      "process.env.PORT =",
    ]);
  });

  it("server tests leave nothing process-wide changed: a worker runs many test files (decision 072)", () => {
    // This file names what it looks for, so it is left out.
    const tests = (readdirSync(serverSrc, { recursive: true }) as string[]).filter(
      (file) => file.endsWith(".test.ts") && file !== "architecture.test.ts",
    );
    const problems = tests.flatMap((file) =>
      processWideChanges(readFileSync(path.join(serverSrc, file), "utf8")).map(
        (change) =>
          `${rel(path.join(serverSrc, file))} uses ${change}: the next test files in its worker would see it; pass what the code needs instead (a config, a clock), or spy on the test's own app and restore it.`,
      ),
    );
    expect(tests.length).toBeGreaterThan(50);
    expect(problems, problems.join("\n")).toEqual([]);
  });
});

/** What in a test would outlive its file in a shared worker: replaced modules, stubbed globals, fake timers, set variables. */
function processWideChanges(text: string): string[] {
  return [
    ...text.matchAll(
      /\bvi\.(?:mock|doMock|stubEnv|stubGlobal|useFakeTimers)\b|\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)/g,
    ),
  ].map((match) => match[0]);
}
