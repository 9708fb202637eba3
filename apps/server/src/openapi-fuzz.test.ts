import fc from "fast-check";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { loginCookie, sessionsOfEveryRole, TEST_ADMIN, TEST_ADMIN_ENV } from "./test/forms.ts";
import {
  createAnswerChecker,
  describeRequest,
  type KnownValues,
  type OpenApiDocument,
  operationsOf,
  requestsFor,
  setSampleFiles,
} from "./test/openapi-fuzz.ts";
import { createTestApp } from "./test/test-app.ts";

/**
 * Requests made from the OpenAPI document's own schemas (docs/decisions/024), then mutated (fields
 * dropped, added, of the wrong type, huge, odd unicode) and broken (bad JSON, other content
 * types and encodings, too many bytes), for every documented route and method, anonymously and
 * signed in as each role. No answer may be a 5xx or log an error, and every answer's body must
 * match the schema the document gives for its status.
 *
 * The seed is fixed, so a run is repeatable. FUZZ_RUNS sets the requests per route and method
 * (100 here; a longer hunt: FUZZ_RUNS=5000 npx vitest run --project server src/openapi-fuzz.test.ts),
 * FUZZ_SEED another seed, FUZZ_STATS=1 prints how often each route answered each status.
 * Decision 024 says what counts as a failure and why.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20260412);

const ROLES = ["anonymous", "customer", "staff", "manager", "owner"] as const;
type SignedIn = Exclude<(typeof ROLES)[number], "anonymous">;
const EMAILS: Record<SignedIn, string> = {
  customer: "customer@shop.test",
  staff: "staff@shop.test",
  manager: "manager@shop.test",
  owner: TEST_ADMIN.email,
};

// The routes come from the document, so the shop is built while the tests are collected.
const logged: { level: number }[] = [];
const shop = await createTestApp({
  env: { ...TEST_ADMIN_ENV, LOG_LEVEL: "warn" },
  logStream: { write: (line) => logged.push(JSON.parse(line)) },
});
afterAll(() => shop.close());
const { app } = shop;
await app.ready();
const document = app.swagger() as unknown as OpenApiDocument;
const check = createAnswerChecker(document);
const cookies: Record<SignedIn, string> = await sessionsOfEveryRole(app, TEST_ADMIN);
// Accounts that staff may look at, disable and enable, apart from the ones the fuzz signs in with.
const someone = await app.db.kysely
  .selectFrom("users")
  .selectAll()
  .where("email", "=", TEST_ADMIN.email)
  .executeTakeFirstOrThrow();
for (const role of ["customer", "staff"] as const) {
  await app.db.kysely
    .insertInto("users")
    .values({ ...someone, id: `target-${role}`, email: `target-${role}@shop.test`, role })
    .execute();
}

// Values that exist, so that some requests get past "not found" into the handlers.
const products = (await app.inject({ url: "/api/Product?limit=100" })).json().items as { id: string }[];
const categories = (await app.inject({ url: "/api/MasterCategory" })).json() as { id: string; slug: string }[];
const banners = (await app.inject({ url: "/api/banner" })).json() as { id: string }[];
const posts = (await app.inject({ url: "/api/blog?limit=50" })).json().items as { slug: string }[];
const coas = (await app.inject({ url: "/api/coas?limit=50" })).json().items as { lotNumber: string }[];
const known: KnownValues = {
  id: [...products.slice(0, 20), ...categories, ...banners, { id: "target-customer" }, { id: "target-staff" }].map(
    (item) => item.id,
  ),
  mastercategoryid: categories.map((category) => category.id),
  productid: products.slice(0, 20).map((product) => product.id),
  category: categories.map((category) => category.slug),
  slug: posts.map((post) => post.slug),
  lot: coas.map((coa) => coa.lotNumber),
  email: Object.values(EMAILS),
};
setSampleFiles([
  await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer(),
  Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
]);

let clients = 0;
const statuses = new Map<string, Map<number, number>>();
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  for (const [route, counts] of statuses) {
    console.log(
      route.padEnd(40),
      [...counts]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}:${n}`)
        .join(" "),
    );
  }
});

describe("a fuzz over the OpenAPI document gives no 5xx and only documented answers", () => {
  const operations = operationsOf(document);

  it("covers every API route the shop serves", () => {
    const served = app.routeAccess
      .filter((route) => route.url.startsWith("/api/") && route.url !== "/api/*" && !route.url.startsWith("/api/docs"))
      .map((route) => `${route.method.toLowerCase()} ${route.url.replace(/:(\w+)/g, "{$1}")}`);
    expect(operations.map(([path, method]) => `${method} ${path}`).sort()).toEqual([...new Set(served)].sort());
  });

  it.each(operations.map(([path, method], index) => [method.toUpperCase(), path, index] as const))(
    "%s %s",
    async (_, path, index) => {
      const method = operations[index]?.[1] as string;
      const property = fc.asyncProperty(
        requestsFor(document, path, method, known),
        fc.constantFrom(...ROLES),
        async (request, role) => {
          logged.length = 0;
          clients++;
          const answer = await app.inject({
            method: request.method as "GET",
            url: request.url,
            headers: { ...request.headers, ...(role === "anonymous" ? {} : { cookie: cookies[role] }) },
            payload: request.payload,
            // Every request from its own address, as from many clients: per-address limits stay as they are.
            remoteAddress: `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
          });
          // A request that ended the session (logout) leaves the next ones signed in all the same.
          if (role !== "anonymous" && answer.cookies.some((c) => c.name === "session" && c.value === "")) {
            cookies[role] = await loginCookie(app, EMAILS[role], TEST_ADMIN.password);
          }
          const counts = statuses.get(`${request.method} ${path}`) ?? new Map<number, number>();
          statuses.set(
            `${request.method} ${path}`,
            counts.set(answer.statusCode, (counts.get(answer.statusCode) ?? 0) + 1),
          );
          const problem = check(method, request.url, answer);
          const errors = logged.filter((line) => line.level >= 50);
          if (problem || errors.length) {
            throw new Error(
              `as ${role}: ${problem ?? "logged an error"} ${errors.length ? JSON.stringify(errors).slice(0, 800) : ""}\n${describeRequest(request)}`,
            );
          }
        },
      );
      await fc.assert(property, { seed: SEED + index, numRuns: RUNS });
    },
  );
});
