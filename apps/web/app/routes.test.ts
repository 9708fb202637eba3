import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { pathLiterals, routeTakes } from "@shop/shared/test-fixtures";
import { describe, expect, it } from "vitest";
import routes from "./routes.ts";

// The web app writes its page paths with React Router's href(), so the TypeScript compiler checks them
// against routes.ts (decision 070). The server cannot use the web's typed href(), yet its e-mails and
// redirects write the shop's page paths: this test reads the server's sources, and each page path it
// writes must lead to a page of the route table.

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

/**
 * The server's sources: its e-mails link to the shop's pages, its answers redirect to them. Not its
 * test helpers (src/test), which stand in for other services (the card gateway's simulator) and
 * write out their paths, not the shop's.
 */
const serverDir = path.join(appDir, "../../server/src");
const sourceFiles = sourceFilesIn(serverDir).filter((file) => !file.startsWith(path.join(serverDir, "test", path.sep)));

/**
 * The page paths written after the shop's address (`${publicUrl}/account/orders/${number}`), as an
 * e-mail's links are, which pathLiterals does not read: an interpolation stands for a parameter.
 */
const linkPaths = (source: string) =>
  [...source.matchAll(/\$\{[\w.]*publicUrl\}(\/[A-Za-z][^"'`\s]*)/g)].map(([, text = ""]) =>
    text.replace(/\$\{[^}]*\}/g, ":param").replace(/[?#].*$/, ""),
  );

const patterns = patternsOf(routes);

/** What the server answers itself: the API (any case), the uploaded images and the built assets. */
const servedByTheServer = (pagePath: string) => /^\/(api|uploads|assets)(\/|$)/i.test(pagePath);

describe("the shop's page paths", () => {
  it("reads the route table's pages, nested ones with their parents' segments", () => {
    expect(patterns).toContain("/");
    expect(patterns).toContain("/dashboard/orders/:number");
    expect(patterns).toContain("/sitemap.xml");
    // The wholesale pages (decision 102): the buyer's, and staff's list and account.
    expect(patterns).toEqual(
      expect.arrayContaining(["/account/wholesale", "/dashboard/users/wholesale", "/dashboard/users/wholesale/:id"]),
    );
  });

  it("reads the paths after the shop's address in an e-mail's link, an interpolation as a parameter", () => {
    // A file's text: \` and \${ are its backticks and interpolations.
    const source = `url: \`\${publicUrl}/account/orders/\${row.number}\`, link: \`\${options.publicUrl}/verify-email?token=\${t}\``;
    expect(linkPaths(source)).toEqual(["/account/orders/:param", "/verify-email"]);
  });

  it("leads every page path the server writes out to a page the route table declares", () => {
    const checked: string[] = [];
    const unknown: string[] = [];
    for (const file of sourceFiles) {
      const source = readFileSync(file, "utf8");
      for (const pagePath of [...pathLiterals(source), ...linkPaths(source)]) {
        if (servedByTheServer(pagePath) || existsSync(path.join(publicDir, pagePath))) continue;
        checked.push(pagePath);
        if (!patterns.some((pattern) => routeTakes(pattern, pagePath))) {
          unknown.push(`${path.relative(serverDir, file)}: ${pagePath}`);
        }
      }
    }
    expect(unknown).toEqual([]);
    // Both readers found the server's paths: its redirects' and e-mails' literals and its e-mails' links.
    expect(checked).toEqual(
      expect.arrayContaining(["/verify-email", "/reset-password", "/account/orders/:param", "/account/wholesale"]),
    );
    expect(checked.length).toBeGreaterThan(10);
  });

  it("finds no page for a path the route table does not declare", () => {
    expect(patterns.some((pattern) => routeTakes(pattern, "/dashboard/inbox/:param/extra"))).toBe(false);
    expect(patterns.some((pattern) => routeTakes(pattern, "/acount/orders"))).toBe(false);
  });
});
