import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/one-way.md tells a newcomer which part does each job. A part renamed or moved without the
 * page would send them looking for something that is not there, so every file it names must exist
 * and every name it gives must still be in the source.
 */

const root = path.resolve(import.meta.dirname, "../../..");
const SKIPPED = new Set(["node_modules", ".git", "build", ".tmp", ".react-router", "coverage"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [`${path.relative(root, full)}/`, ...filesUnder(full)] : [path.relative(root, full)];
  });
}

/** The `code` spans of a Markdown text. */
export const codeSpans = (markdown: string): string[] => [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? "");

/** A span that names a file or folder of the repository: a relative path, `<domain>` standing for any folder. */
export function namesPath(span: string): boolean {
  return !/\s/.test(span) && !/^[@/]/.test(span) && (span.includes("/") || /\.(tsx?|mjs|md)$/.test(span));
}

/** The code name a span gives (`formatDate(date, style)` → formatDate), or null for anything else. */
export function nameIn(span: string): string | null {
  return span.match(/^([A-Za-z_$][\w$]*)(\(.*\))?$/)?.[1] ?? null;
}

/**
 * Whether a path written in the page matches a repository path, ending with it: `<domain>` stands
 * for one folder, `*` for any characters within one name.
 */
export function pathMatches(written: string, repositoryPath: string): boolean {
  const pattern = written
    .split("/")
    .map((part) =>
      /^<.+>$/.test(part) ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*"),
    )
    .join("/");
  return new RegExp(`(^|/)${pattern}$`).test(repositoryPath);
}

describe("docs/one-way.md", () => {
  const page = readFileSync(path.join(root, "docs/one-way.md"), "utf8");
  const spans = codeSpans(page);
  const repository = filesUnder(root);
  const source = repository
    .filter((file) => /\.(tsx?|mjs|css)$/.test(file))
    .map((file) => readFileSync(path.join(root, file), "utf8"))
    .join("\n");

  it("names only files and folders that exist", () => {
    const written = spans.filter(namesPath);
    expect(written.length).toBeGreaterThan(20);
    expect(written.filter((span) => !repository.some((file) => pathMatches(span, file)))).toEqual([]);
  });

  it("names only parts the source still has", () => {
    const names = spans.map(nameIn).filter((name): name is string => name !== null);
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !new RegExp(`\\b${name.replace("$", "\\$")}\\b`).test(source))).toEqual([]);
  });

  it("reads spans the way the checks need (a renamed part would be seen)", () => {
    expect(codeSpans("use `formatDate(date, style)` and `lib/api.ts`")).toEqual([
      "formatDate(date, style)",
      "lib/api.ts",
    ]);
    expect(nameIn("formatDate(date, style)")).toBe("formatDate");
    expect(nameIn("db.transaction()")).toBeNull();
    expect(namesPath("apps/server/src/modules/<domain>/")).toBe(true);
    expect(namesPath("@shop/shared/rules")).toBe(false);
    expect(pathMatches("modules/<domain>/", "apps/server/src/modules/orders/")).toBe(true);
    expect(pathMatches("lib/api.ts", "apps/web/app/lib/api.ts")).toBe(true);
    expect(pathMatches("lib/api.ts", "apps/web/app/lib/api.test.ts")).toBe(false);
    expect(pathMatches("features/*/api/", "apps/web/app/features/cart/api/")).toBe(true);
    expect(pathMatches("migrations/*.test.ts", "apps/server/src/db/migrations/a.test.ts")).toBe(true);
    expect(pathMatches("migrations/*.test.ts", "apps/server/src/db/migrations/a.ts")).toBe(false);
    expect(repository.some((file) => pathMatches("lib/no-such-part.ts", file))).toBe(false);
    expect(/\bnoSuchPart\b/.test(source)).toBe(false);
  });
});
