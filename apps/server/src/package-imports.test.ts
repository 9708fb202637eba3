import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What each workspace package may import (docs/decisions/029): every package it names is declared
 * in its own package.json, and the browser takes the shared package's plain values from the
 * zod-free entries `@shop/shared/constants` and `@shop/shared/rules`, keeping the root entry for
 * schemas. Tests may also use the repository's own tools (the root package.json's devDependencies).
 */

const repo = path.resolve(import.meta.dirname, "../../..");

const WORKSPACES = [
  { dir: "packages/shared", sources: ["src"] },
  { dir: "apps/server", sources: ["src", "scripts"] },
  { dir: "apps/web", sources: ["app", "vite.config.ts", "react-router.config.ts"] },
  { dir: "e2e", sources: ["."] },
] as const;

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifest = (dir: string): Manifest => JSON.parse(readFileSync(path.join(repo, dir, "package.json"), "utf8"));
const declared = (m: Manifest) =>
  new Set([...Object.keys(m.dependencies ?? {}), ...Object.keys(m.devDependencies ?? {})]);

function filesUnder(dir: string, entry: string): string[] {
  const absolute = path.join(repo, dir, entry);
  if (/\.tsx?$/.test(entry)) return [absolute];
  let names: string[];
  try {
    names = readdirSync(absolute, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names
    .filter((name) => /\.(tsx?|mjs)$/.test(name) && !name.endsWith(".d.ts"))
    .filter((name) => !name.split(path.sep).some((part) => part === "node_modules" || part.startsWith(".")))
    .map((name) => path.join(absolute, name));
}

/** The bare package names a source names in import/export … from, import "…" and import("…"). */
export function packagesImportedBy(text: string): string[] {
  const specifiers = [
    // A specifier has no white space: `get("from") ?? …` is not one.
    ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"'\s]+)["']/gms),
    ...text.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] as string);
  return specifiers
    .filter((s) => !s.startsWith(".") && !s.startsWith("/") && !s.startsWith("node:") && !s.startsWith("virtual:"))
    .filter((s) => !builtinModules.includes(s.split("/")[0] as string))
    .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : (s.split("/")[0] as string)));
}

function exportedNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder("packages/shared", dir)) {
    if (file.endsWith(".test.ts")) continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/^export (?:const|function|class|type|interface) (\w+)/gm)) {
      names.add(match[1] as string);
    }
  }
  return names;
}

describe("package imports", () => {
  const rootTools = declared(manifest("."));

  it.each(WORKSPACES)("$dir declares every package it imports", ({ dir, sources }) => {
    const own = declared(manifest(dir));
    const name = manifest(dir).name;
    const problems: string[] = [];
    for (const file of sources.flatMap((entry) => filesUnder(dir, entry))) {
      if (file === import.meta.filename) continue; // its own examples below
      const isTest = /\.(test|spec)\.tsx?$/.test(file) || /(^|[\\/])(test|e2e)[\\/]/.test(path.relative(repo, file));
      for (const pkg of new Set(packagesImportedBy(readFileSync(file, "utf8")))) {
        if (pkg === name || own.has(pkg) || (isTest && rootTools.has(pkg))) continue;
        problems.push(`${path.relative(repo, file)} imports "${pkg}", which ${dir}/package.json does not declare.`);
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("the web takes the shared package's plain values from @shop/shared/constants and /rules, not the zod entry", () => {
    const plain = new Set([...exportedNames("src/constants"), ...exportedNames("src/rules")]);
    const problems: string[] = [];
    for (const file of filesUnder("apps/web", "app")) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+["']@shop\/shared["']/g)) {
        if (match[1]) continue;
        const values = (match[2] as string)
          .split(",")
          .map((item) => item.trim())
          .filter((item) => item && !item.startsWith("type "));
        for (const value of values.filter((item) => plain.has(item))) {
          problems.push(
            `${path.relative(repo, file)} imports ${value} from "@shop/shared": take it from a zod-free entry.`,
          );
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("the zod-free entries import no zod", () => {
    const problems: string[] = [];
    for (const dir of ["src/constants", "src/rules"]) {
      for (const file of filesUnder("packages/shared", dir)) {
        if (file.endsWith(".test.ts")) continue;
        const text = readFileSync(file, "utf8");
        if (packagesImportedBy(text).includes("zod")) problems.push(`${path.relative(repo, file)} imports zod.`);
        for (const match of text.matchAll(/^import (?!type)[^;]*from\s+["']\.\.\/schemas\//gm)) {
          problems.push(`${path.relative(repo, file)} imports a value from a schema module: ${match[0]}`);
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("finds packages in every form of import", () => {
    const text = [
      'import { a } from "@scope/pkg/sub";',
      'import type { B } from "plain";',
      'import "side-effect";',
      'export { c } from "./local.ts";',
      'const d = () => import("lazy/deep");',
      'import fs from "node:fs";',
      'import path from "path";',
      // Not an import: a word "from" in quotes inside an exported function.
      "export function months(params: URLSearchParams) {",
      '  const from = params.get("from") ?? "";',
      '  return params.get("to") || from;',
      "}",
    ].join("\n");
    expect(packagesImportedBy(text)).toEqual(["@scope/pkg", "plain", "side-effect", "lazy"]);
  });
});
