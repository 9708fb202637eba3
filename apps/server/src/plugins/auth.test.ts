import type { Access } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginCookie, type Sessions, TEST_ADMIN } from "../test/forms.ts";
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

/**
 * The area of every API route as docs/decisions/077 gives it, written here apart
 * from the routes' own declarations so that a wrong declaration fails: the first pattern that
 * matches "METHOD /url" gives the lowest role that may call it. A new route must be placed here.
 */
const AREAS: [RegExp, Access][] = [
  // Owner: staff accounts and the audit log.
  [/^\w+ \/api\/staff(\/|$)/, "owner"],
  [/^GET \/api\/admin\/audit$/, "owner"],
  // Manager: money sent back, discounts, settings (ages, tax, payment methods), rules, templates and
  // mail, customers, banners, documents, reports and billing.
  [/^POST \/api\/admin\/orders\/:number\/refund$/, "manager"],
  [/^\w+ \/api\/admin\/discounts(\/|$)/, "manager"],
  [/^\w+ \/api\/settings(\/|$)/, "manager"],
  [/^\w+ \/api\/admin\/compliance\//, "manager"],
  [/^\w+ \/api\/admin\/tax-rules([/.]|$)/, "manager"],
  [/^\w+ \/api\/admin\/(mail-templates|outbox)(\/|$)/, "manager"],
  [/^\w+ \/api\/customers(\/|$)/, "manager"],
  [/^(GET|PUT|DELETE) \/api\/banner\/:id$/, "manager"],
  [/^POST \/api\/banner$/, "manager"],
  [/^\w+ \/api\/admin\/(documents|reports|billing)[/.]?/, "manager"],
  // Manager: approving or refusing a wholesale account or one of its documents (docs/decisions/102).
  [/^POST \/api\/admin\/wholesale-accounts\//, "manager"],
  // Staff: orders (refunds aside), products and stock, categories, COAs, the blog, the inbox and
  // the dashboard's first page.
  [/^\w+ \/api\/admin\/(orders|products|coas|blog|contact)[/.]?/, "staff"],
  [/^GET \/api\/admin\/overview$/, "staff"],
  // Staff read the wholesale accounts and their documents' files.
  [/^GET \/api\/admin\/wholesale-accounts(\/|$)/, "staff"],
  [/^(POST|PUT|DELETE) \/api\/(Product|MasterCategory)(\/|$)/, "staff"],
  // Any signed-in account: its own account, its orders, placing an order.
  [/^\w+ \/api\/account(\/|$)/, "customer"],
  [/^GET \/api\/Auth\/me$/, "customer"],
  [/^POST \/api\/Order$/, "customer"],
  // An approved wholesale account's own box prices (docs/decisions/102).
  [/^GET \/api\/wholesale\/prices$/, "customer"],
  // Anyone: the catalogue, banners, blog and COAs to read, signing in and up, the cart's quote,
  // the contact form, health, and the catch-all that answers 404.
  [/^GET \/api\/(Product|MasterCategory|banner|blog|coas)(\/|$)/, "public"],
  [/^POST \/api\/(Auth\/[\w-]+|User|cart\/quote|contact)$/, "public"],
  [/^GET \/api\/health(\/|$)/, "public"],
  // A payment gateway's webhooks: no session, the gateway's signature instead (docs/decisions/101).
  [/^POST \/api\/payments\/webhooks\/[\w-]+$/, "public"],
  [/^\w+ \/api\/\*$/, "public"],
];

const expectedArea = (method: string, url: string) => AREAS.find(([pattern]) => pattern.test(`${method} ${url}`))?.[1];

const CALLERS = ["anonymous", "customer", "staff", "manager", "owner"] as const;
type Caller = (typeof CALLERS)[number];
const RANK: Record<Caller, number> = { anonymous: 0, customer: 1, staff: 2, manager: 3, owner: 4 };
const NEEDED: Record<Access, number> = { public: 0, customer: 1, staff: 2, manager: 3, owner: 4 };
const EMAILS: Record<Exclude<Caller, "anonymous">, string> = {
  customer: "customer@shop.test",
  staff: "staff@shop.test",
  manager: "manager@shop.test",
  owner: TEST_ADMIN.email,
};

/** The caller's session; logging out ends the one it is sent with, so that route gets a session of its own. */
async function cookieOf(caller: Caller, method: string, url: string): Promise<string | undefined> {
  if (caller === "anonymous") return undefined;
  if (method === "POST" && url === "/api/Auth/logout")
    return loginCookie(shop.app, EMAILS[caller], TEST_ADMIN.password);
  return cookies[caller];
}

describe("every API route says who may call it, and the server holds to it", () => {
  it("no API route is left without an access level (the documentation pages aside)", () => {
    const undeclared = routes().filter((route) => !route.access && !route.url.toLowerCase().startsWith("/api/docs"));
    expect(undeclared).toEqual([]);
    for (const access of ["staff", "manager", "owner"] as const) {
      expect(routes().filter((route) => route.access === access).length, access).toBeGreaterThan(3);
    }
  });

  it("every route declares the area the roles give it: Owner, Manager, Staff, any account or anyone", () => {
    const wrong = routes()
      .filter((route) => !route.url.toLowerCase().startsWith("/api/docs"))
      .map((route) => ({
        route: `${route.method} ${route.url}`,
        declared: route.access,
        expected: expectedArea(route.method, route.url),
      }))
      .filter((row) => row.declared !== row.expected);
    expect(wrong).toEqual([]);
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

  it("Owner, Manager, Staff, customer and anonymous against every route and method: refused below its area, let through at or above", async () => {
    const checked = new Set<string>();
    for (const route of routes().filter((r) => !r.url.toLowerCase().startsWith("/api/docs"))) {
      const area = expectedArea(route.method, route.url);
      if (!area) throw new Error(`${route.method} ${route.url} has no area in this test's table`);
      for (const caller of CALLERS) {
        const label = `${caller}: ${route.method} ${route.url} (${area})`;
        const response = await call(route.method, route.url, await cookieOf(caller, route.method, route.url));
        const body =
          // A JSON null is an answer too (GET /api/account/wholesale for a buyer who never applied).
          ((response.headers["content-type"]?.toString().startsWith("application/json") ? response.json() : null) ??
            {}) as { code?: string; message?: string };
        if (RANK[caller] >= NEEDED[area]) {
          // Past the guard, to the route's own answer (not found, bad input, done…), never a 5xx.
          expect(response.statusCode, label).toBeLessThan(500);
          expect(body.code, label).not.toBe("login_required");
          expect(body.code, label).not.toBe("role_required");
        } else if (caller === "anonymous") {
          expect(response.statusCode, label).toBe(401);
          expect(body.message, label).toBe("Please log in first.");
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(body.code, label).toBe("role_required");
        }
        checked.add(caller);
      }
    }
    expect([...checked]).toEqual([...CALLERS]);
  });

  it("every route above public answers 401 to anonymous callers under /API/ and /Api/ too", async () => {
    for (const route of routes().filter((r) => r.access && r.access !== "public")) {
      for (const prefix of ["/API/", "/Api/"]) {
        const url = route.url.replace(/^\/api\//i, prefix);
        expect((await call(route.method, url)).statusCode, `${route.method} ${url}`).toBe(401);
      }
    }
  });

  it("a forged or unknown session cookie is anonymous, and the cookie is cleared", async () => {
    const response = await call("GET", "/api/Auth/me", "session=forged-value-that-is-long-enough-to-check");
    expect(response.statusCode).toBe(401);
    expect(response.cookies.find((c) => c.name === "session")?.value).toBe("");
  });
});

describe("a Staff account is refused, in words, what needs a Manager or an Owner", () => {
  const asStaff = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: { cookie: cookies.staff }, ...(payload ? { payload } : {}) });
  const MANAGER = "This needs a Manager or Owner account; you are signed in as Staff.";
  const OWNER = "This needs an Owner account; you are signed in as Staff.";

  it.each([
    ["the ages in the settings", "PATCH", "/api/settings", { purchaseMinAge: 16, gateMinAge: 16 }, MANAGER],
    ["tax and payment methods", "PATCH", "/api/settings", { salesTaxRates: [], paymentMethods: [] }, MANAGER],
    ["a refund", "POST", "/api/admin/orders/LC-000001/refund", { amount: 10, reason: "Broken" }, MANAGER],
    ["a discount", "POST", "/api/admin/discounts", { code: "STAFF50", kind: "percent", value: 50 }, MANAGER],
    ["a compliance rule", "POST", "/api/admin/compliance/rules", { state: "TX" }, MANAGER],
    ["an e-mail template", "PUT", "/api/admin/mail-templates/order_placed", { subject: "Hi" }, MANAGER],
    ["the customers", "GET", "/api/customers", undefined, MANAGER],
    [
      "a new staff account",
      "POST",
      "/api/staff",
      { firstName: "A", lastName: "B", email: "a@b.test", role: "owner" },
      OWNER,
    ],
    ["the staff accounts", "GET", "/api/staff", undefined, OWNER],
    ["the audit log", "GET", "/api/admin/audit", undefined, OWNER],
  ] as const)("%s: 403 saying which accounts may", async (_, method, url, payload, message) => {
    const response = await asStaff(method, url, payload);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message, code: "role_required" });
  });

  it("leaves the purchase age as it was", async () => {
    const before = (await shop.app.services.settings.get()).purchaseMinAge;
    expect((await asStaff("PATCH", "/api/settings", { purchaseMinAge: 18 })).statusCode).toBe(403);
    expect((await shop.app.services.settings.get()).purchaseMinAge).toBe(before);
  });

  it("a Manager gets past the same guards but not to staff accounts or the audit log", async () => {
    const asManager = (url: string) => shop.app.inject({ url, headers: { cookie: cookies.manager } });
    expect((await asManager("/api/customers")).statusCode).toBe(200);
    expect((await asManager("/api/admin/discounts")).statusCode).toBe(200);
    const audit = await asManager("/api/admin/audit");
    expect(audit.statusCode).toBe(403);
    expect(audit.json().message).toBe("This needs an Owner account; you are signed in as Manager.");
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
