import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHARED_READS, TABLE_OWNERS } from "./db/table-owners.ts";

/**
 * The module boundaries (docs/decisions/026), held by the build: a server module touches only its own
 * tables and calls other modules through their services; code in modules/ is HTTP-free (routes
 * aside); a web feature imports neither route modules nor other features. Each failure names the
 * file, what it reached for and the rule.
 */

const serverSrc = import.meta.dirname;
const webApp = path.resolve(serverSrc, "../../web/app");

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

/** Relative imports and re-exports (static, type-only and dynamic), resolved to absolute paths. */
export function importsOf(file: SourceFile): string[] {
  const specifiers = [
    ...file.text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gms),
    ...file.text.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...file.text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] as string);
  return specifiers.filter((s) => s.startsWith(".")).map((s) => path.resolve(path.dirname(file.absolute), s));
}

/** The module (modules/<name>) or feature (features/<name>) a path lies in, or null. */
function partOf(file: string, dir: string): string | null {
  const relative = path.relative(dir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

const KYSELY_TABLE_CALL =
  /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*["'`]([a-z_]+)/g;
const RAW_SQL = /\bsql`((?:[^`\\]|\\.)*)`/g;
const RAW_SQL_TABLE = /\b(?:from|join|into|update|table)\s+([a-z_]+)/gi;

/** The tables a file's SQL names, with whether the mention is a join (reading beside its own rows). */
export function tablesIn(text: string): { table: string; join: boolean }[] {
  const found = [...text.matchAll(KYSELY_TABLE_CALL)].map((match) => ({
    table: match[2] as string,
    join: (match[1] as string).endsWith("Join"),
  }));
  for (const raw of text.matchAll(RAW_SQL)) {
    for (const match of (raw[1] as string).matchAll(RAW_SQL_TABLE)) {
      found.push({ table: (match[1] as string).toLowerCase(), join: false });
    }
  }
  return found;
}

const modulesDir = path.join(serverSrc, "modules");
const pluginsDir = path.join(serverSrc, "plugins");
const featuresDir = path.join(webApp, "features");
const routesDir = path.join(webApp, "routes");

/** A file that answers HTTP: routes.ts or <something>-routes.ts. Everything else in a module is HTTP-free. */
const isRoutes = (file: string) => /(^|-)routes\.ts$/.test(path.basename(file));
const isRepository = (file: string) => /(^|-)repository\.ts$/.test(path.basename(file));

/**
 * Known exceptions, each with its reason and the issue that removes it. An exception that no
 * longer matches anything fails too, so the list only shrinks.
 */
const EXCEPTIONS: { rule: string; from: RegExp; to: RegExp; why: string }[] = [
  {
    rule: "feature-to-feature",
    from: /^apps\/web\/app\/features\/catalog\/product-details\.tsx$/,
    to: /^apps\/web\/app\/features\/coas\/product-lab-results\.tsx$/,
    why: "The product page's lazily loaded lower part shows the lab results with the details; composing them in routes/product.tsx would put the lab results' code in the page's first load (at its 120 KB budget) or add a second lazy part.",
  },
];

const used = new Set<(typeof EXCEPTIONS)[number]>();
function excepted(rule: string, from: string, to: string): boolean {
  const exception = EXCEPTIONS.find((e) => e.rule === rule && e.from.test(from) && e.to.test(to));
  if (exception) used.add(exception);
  return exception !== undefined;
}

const repo = path.resolve(serverSrc, "../../..");
const rel = (file: string) => path.relative(repo, file);

describe("architecture", () => {
  const serverFiles = sourcesUnder(modulesDir);
  const webFeatureFiles = sourcesUnder(featuresDir);

  it("server modules use another module's service, never its repository", () => {
    const problems: string[] = [];
    for (const file of serverFiles) {
      const own = partOf(file.absolute, modulesDir);
      for (const target of importsOf(file)) {
        const other = partOf(target, modulesDir);
        if (other && other !== own && isRepository(target)) {
          problems.push(
            `${file.name} imports ${rel(target)}: module "${own}" may call module "${other}"'s service, not its repository.`,
          );
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("server modules name only their own tables in SQL (owners in src/db/table-owners.ts)", () => {
    const problems: string[] = [];
    const owners: Record<string, string> = TABLE_OWNERS;
    const shared: Record<string, { joinedBy: readonly string[] } | undefined> = SHARED_READS;
    for (const file of serverFiles) {
      const own = partOf(file.absolute, modulesDir);
      for (const { table, join } of tablesIn(file.text)) {
        const owner = owners[table];
        if (owner === undefined) {
          problems.push(`${file.name} names table "${table}", which has no owner in src/db/table-owners.ts.`);
        } else if (owner !== own && !(join && own && shared[table]?.joinedBy.includes(own))) {
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

  it("code in server modules is HTTP-free: only routes import from plugins/", () => {
    const problems: string[] = [];
    for (const file of serverFiles) {
      if (isRoutes(file.absolute)) continue;
      for (const target of importsOf(file)) {
        if (partOf(target, pluginsDir) !== null && !excepted("http-free", file.name, rel(target))) {
          problems.push(`${file.name} imports ${rel(target)}: services and repositories do not know about HTTP.`);
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("web features import neither route modules nor other features", () => {
    const problems: string[] = [];
    for (const file of webFeatureFiles) {
      const own = partOf(file.absolute, featuresDir);
      for (const target of importsOf(file)) {
        if (partOf(target, routesDir) !== null) {
          problems.push(`${file.name} imports ${rel(target)}: routes compose features, not the other way round.`);
        }
        const other = partOf(target, featuresDir);
        if (other && other !== own && !excepted("feature-to-feature", file.name, rel(target))) {
          problems.push(
            `${file.name} imports ${rel(target)}: feature "${own}" may not use feature "${other}"; compose them in a route or move the shared part to components/ or lib/.`,
          );
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("every exception still matches something (the list only shrinks)", () => {
    const stale = EXCEPTIONS.filter((exception) => !used.has(exception)).map((e) => `${e.rule}: ${e.from} → ${e.to}`);
    expect(stale, `Exceptions that no longer match: delete them.\n${stale.join("\n")}`).toEqual([]);
  });

  it("finds imports and tables the way the rules need (the checks cannot pass by seeing nothing)", () => {
    const file = {
      name: "x.ts",
      absolute: path.join(modulesDir, "coas", "x.ts"),
      text: 'import type { A } from "../catalog/repository.ts";\nexport { b } from "./b.ts";\nconst c = () => import("../../plugins/errors.ts");',
    };
    expect(importsOf(file).map(rel)).toEqual([
      "apps/server/src/modules/catalog/repository.ts",
      "apps/server/src/modules/coas/b.ts",
      "apps/server/src/plugins/errors.ts",
    ]);
    expect(
      tablesIn(
        'db.selectFrom("batches as b").leftJoin("products as p", "p.id", "b.product_id"); sql`select 1 from product_term_counts`',
      ),
    ).toEqual([
      { table: "batches", join: false },
      { table: "products", join: true },
      { table: "product_term_counts", join: false },
    ]);
    expect(serverFiles.length).toBeGreaterThan(20);
    expect(webFeatureFiles.length).toBeGreaterThan(20);
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
