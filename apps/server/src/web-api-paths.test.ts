import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathLiterals, routeTakes } from "@shop/shared/test-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app.ts";

// The web app calls the API by paths it writes out ("/api/admin/orders/${…}"). Each one must be a
// route this server declares, so that a renamed or mistyped route fails here rather than in a shop.

const webApp = path.resolve(import.meta.dirname, "../../web/app");

let shop: TestApp;
const routeUrls = () => shop.app.routeAccess.map((route) => route.url);
beforeAll(async () => {
  shop = await createTestApp({ demoData: false });
});
afterAll(() => shop.close());

describe("the web app's API paths", () => {
  it("each name a route of this server", () => {
    const routes = routeUrls();
    const files = (readdirSync(webApp, { recursive: true }) as string[]).filter(
      (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name),
    );
    const checked: string[] = [];
    const unknown: string[] = [];
    for (const name of files) {
      for (const apiPath of pathLiterals(readFileSync(path.join(webApp, name), "utf8"))) {
        if (!apiPath.startsWith("/api/")) continue;
        checked.push(apiPath);
        if (!routes.some((route) => routeTakes(route, apiPath))) unknown.push(`${name}: ${apiPath}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(checked.length).toBeGreaterThan(50);
  });

  it("finds no route for a path the server does not declare", () => {
    const routes = routeUrls();
    expect(routes.some((route) => routeTakes(route, "/api/admin/order/:param"))).toBe(false);
    expect(routes.some((route) => routeTakes(route, "/api/admin/reports/:param.csv"))).toBe(true);
  });
});
