import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sessions } from "../test/forms.ts";
import { createShopWithSessions, createTestApp, type TestApp } from "../test/test-app.ts";

let shop: TestApp;
let cookies: Sessions;

beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions({ demoData: false }));
});
afterAll(() => shop.close());

const routes = () => shop.app.routeAccess.filter((route) => route.url.toLowerCase().startsWith("/api/"));
const concrete = (url: string) => url.replace(/:\w+/g, "00000000-0000-7000-8000-000000000000");
const call = (method: string, url: string, cookie?: string) =>
  shop.app.inject({
    method: method as "GET",
    url: concrete(url),
    headers: cookie ? { cookie } : {},
    ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
  });

describe("security.md 8: every API route says who may call it, and the server holds to it", () => {
  it("no API route is left without an access level (the documentation pages aside)", () => {
    const undeclared = routes().filter((route) => !route.access && !route.url.toLowerCase().startsWith("/api/docs"));
    expect(undeclared).toEqual([]);
    expect(routes().filter((route) => route.access === "staff").length).toBeGreaterThan(3);
    expect(routes().filter((route) => route.access === "super_admin").length).toBeGreaterThan(3);
  });

  it("a route that declares nothing is refused to everyone", async () => {
    const extra = await createTestApp({ demoData: false });
    try {
      extra.app.get("/api/test/forgotten", () => ({ secret: true }));
      // Routing ignores case, so the closed door must not open under /API/ or /Api/.
      for (const url of ["/api/test/forgotten", "/API/test/forgotten", "/Api/TEST/forgotten"]) {
        const response = await extra.app.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain("secret");
      }
    } finally {
      await extra.close();
    }
  });

  it("every customer route answers 401 to anonymous callers", async () => {
    const customerRoutes = routes().filter((route) => route.access === "customer");
    expect(customerRoutes.length).toBeGreaterThan(5);
    for (const route of customerRoutes) {
      const response = await call(route.method, route.url);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().message).toBe("Please log in first.");
    }
  });

  it("every staff route answers 401 to anonymous callers under /API/ and /Api/ too", async () => {
    for (const route of routes().filter((r) => r.access === "staff" || r.access === "super_admin")) {
      for (const prefix of ["/API/", "/Api/"]) {
        const url = route.url.replace(/^\/api\//i, prefix);
        expect((await call(route.method, url)).statusCode, `${route.method} ${url}`).toBe(401);
      }
    }
  });

  it("every staff route answers 401 to anonymous callers and 403 to customers", async () => {
    for (const route of routes().filter((r) => r.access === "staff" || r.access === "super_admin")) {
      const label = `${route.method} ${route.url}`;
      expect((await call(route.method, route.url)).statusCode, label).toBe(401);
      expect((await call(route.method, route.url, cookies.customer)).statusCode, label).toBe(403);
    }
  });

  it("every super admin route answers 403 to plain staff", async () => {
    for (const route of routes().filter((r) => r.access === "super_admin")) {
      expect((await call(route.method, route.url, cookies.staff)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it("the right role gets past the guard (to the route's own answer)", async () => {
    for (const route of routes().filter((r) => r.access === "staff" || r.access === "super_admin")) {
      const response = await call(route.method, route.url, cookies.super_admin);
      expect([200, 201, 202, 400, 404, 409], `${route.method} ${route.url}`).toContain(response.statusCode);
    }
  });

  it("a forged or unknown session cookie is anonymous, and the cookie is cleared", async () => {
    const response = await call("GET", "/api/Auth/me", "session=forged-value-that-is-long-enough-to-check");
    expect(response.statusCode).toBe(401);
    expect(response.cookies.find((c) => c.name === "session")?.value).toBe("");
  });
});

describe("answers for a signed-in user", () => {
  it("are never stored by caches", async () => {
    const signedIn = await call("GET", "/api/Auth/me", cookies.customer);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    const anonymous = await call("GET", "/api/MasterCategory");
    expect(anonymous.headers["cache-control"]).not.toBe("private, no-store");
  });
});
