import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { pathLiterals, routeTakes } from "@shop/shared/test-fixtures";
import { describe, expect, it } from "vitest";
import routes from "./routes.ts";

// React Router's href() would type these paths, at a cost to every storefront page (decision 070).
// This test reads them instead: each page path the web app writes leads to a page of the route table.

const appDir = import.meta.dirname;
const publicDir = path.join(appDir, "..", "public");

/** Every page's path pattern in the route table, its parents' segments included ("/dashboard/orders/:number"). */
function patternsOf(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    return [...(entry.path || entry.index ? [own || "/"] : []), ...patternsOf(entry.children ?? [], own)];
  });
}

/** The source files of a folder, tests left out. */
const sourceFilesIn = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name));

/** The app's pages and the server's (its e-mails link to the shop's pages, its answers redirect to them). */
const sourceFiles = [...sourceFilesIn(appDir), ...sourceFilesIn(path.join(appDir, "../../server/src"))];

const patterns = patternsOf(routes);

/** What the server answers itself: the API (any case), the uploaded images and the built assets. */
const servedByTheServer = (pagePath: string) => /^\/(api|uploads|assets)(\/|$)/i.test(pagePath);

describe("the shop's page paths", () => {
  it("reads the route table's pages, nested ones with their parents' segments", () => {
    expect(patterns).toContain("/");
    expect(patterns).toContain("/dashboard/orders/:number");
    expect(patterns).toContain("/sitemap.xml");
  });

  it("leads every page path the web app and the server write out to a page the route table declares", () => {
    const checked: string[] = [];
    const unknown: string[] = [];
    for (const file of sourceFiles) {
      for (const pagePath of pathLiterals(readFileSync(file, "utf8"))) {
        if (servedByTheServer(pagePath) || existsSync(path.join(publicDir, pagePath))) continue;
        checked.push(pagePath);
        if (!patterns.some((pattern) => routeTakes(pattern, pagePath))) {
          unknown.push(`${path.relative(appDir, file)}: ${pagePath}`);
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(checked.length).toBeGreaterThan(100);
  });

  it("finds no page for a path the route table does not declare", () => {
    expect(patterns.some((pattern) => routeTakes(pattern, "/dashboard/inbox/:param/extra"))).toBe(false);
    expect(patterns.some((pattern) => routeTakes(pattern, "/acount/orders"))).toBe(false);
  });
});
