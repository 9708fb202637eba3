import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "./test/forms.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

/** What the fuzz over the OpenAPI document (openapi-fuzz.test.ts) found, one test each. */

let shop: TestApp;
const logged: { level: number }[] = [];
beforeAll(async () => {
  shop = await createTestApp({
    demoData: false,
    env: { LOG_LEVEL: "warn" },
    logStream: { write: (line) => logged.push(JSON.parse(line)) },
  });
  await shop.app.ready();
});
afterAll(() => shop.close());

type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
};

describe("text holding a NUL character (PostgreSQL cannot store it) is refused with a 400 in words", () => {
  const signUp = {
    firstName: "Ann\u0000",
    lastName: "Lee",
    email: "ann@example.com",
    password: "a long passphrase 1",
    dateOfBirth: "1990-01-01",
    acceptTerms: "true",
  };
  it.each([
    ["a path parameter", { url: "/api/Product/a%00b" }, "Path parameter 'id'"],
    ["a query parameter", { url: "/api/Product?q=gummy%00" }, "Query parameter 'q'"],
    [
      "a JSON field",
      {
        method: "POST",
        url: "/api/contact",
        payload: { name: "A\u0000", email: "a@b.co", message: "Hello there, shop." },
      },
      "Field 'name'",
    ],
    ["a form field", { method: "POST", url: "/api/User", ...multipart(signUp) }, "Field 'firstName'"],
    ["a key of a JSON object", { method: "POST", url: "/api/Auth/login", payload: { "e\u0000": 1 } }, "Field 'e\\0'"],
  ] as const)("in %s", async (_, request, place) => {
    logged.length = 0;
    const response = await shop.app.inject(request as InjectOptions);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(place);
    expect(response.json().message).toContain("NUL character");
    expect(response.json().code).toBeUndefined();
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });
});

it.each([5_000, 200_000])("a JSON body nested %i arrays deep gets a 400, not a stack overflow", async (depth) => {
  logged.length = 0;
  const response = await shop.app.inject({
    method: "POST",
    url: "/api/Auth/login",
    headers: { "content-type": "application/json" },
    payload: `${"[".repeat(depth)}${"]".repeat(depth)}`,
  });
  expect(response.statusCode, response.body).toBe(400);
  expect(logged.filter((line) => line.level >= 50)).toEqual([]);
});

describe("a price filter beyond the highest price a product can have", () => {
  it.each(["minPrice=21474837", "maxPrice=99999999999", `minPrice=${"9".repeat(400)}`])(
    "is refused, not sent to the database (%s)",
    async (query) => {
      const response = await shop.app.inject({ url: `/api/Product?${query}` });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(/at most \$9,999,999\.99/);
    },
  );

  it("takes the highest price itself", async () => {
    expect((await shop.app.inject({ url: "/api/Product?maxPrice=9999999.99" })).statusCode).toBe(200);
  });
});

describe("answers the document does not describe", () => {
  it("GET /api/ is an address that no route takes: 404, not a route that forgot its access", async () => {
    const response = await shop.app.inject({ url: "/api/" });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("There is no API route GET /api/.");
  });

  it("documents the ApiError shape of every error a route does not list (415, 413, 429)", async () => {
    const document = shop.app.swagger() as unknown as Document;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.responses.default?.content?.["application/json"], `${method} ${path}`).toEqual({
          schema: { $ref: "#/components/schemas/ApiError" },
        });
      }
    }
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/Auth/login",
      headers: { "content-type": "application/xml" },
      payload: "<login/>",
    });
    expect(response.statusCode).toBe(415);
    expect(Object.keys(response.json()).sort()).toEqual(["error", "message"]);
  });

  it("documents the 204 that logging out answers", async () => {
    const document = shop.app.swagger() as unknown as Document;
    expect(Object.keys(document.paths["/api/Auth/logout"]?.post?.responses ?? {})).toContain("204");
    const response = await shop.app.inject({ method: "POST", url: "/api/Auth/logout" });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
  });

  it("documents the lab report's 404 as JSON, like the answer, and only the PDF as application/pdf", async () => {
    const document = shop.app.swagger() as unknown as Document;
    const responses = document.paths["/api/coas/{lot}/pdf"]?.get?.responses ?? {};
    expect(Object.keys(responses["200"]?.content ?? {})).toEqual(["application/pdf"]);
    expect(Object.keys(responses["404"]?.content ?? {})).toEqual(["application/json"]);
    const response = await shop.app.inject({ url: "/api/coas/NO-SUCH-LOT/pdf" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });
});
