import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sessions } from "../test/forms.ts";
import { createShopWithSessions, type TestApp } from "../test/test-app.ts";

/**
 * Every route that reads a multipart form, with a text field of its form and its limits; a form of
 * one file (`fileOnly`) names that field, and has no text field to send a file in.
 */
const FORM_ROUTES = [
  { method: "POST", url: "/api/User", as: "anonymous", text: "firstName", files: 0, fields: 20, fieldSize: 10_000 },
  { method: "POST", url: "/api/MasterCategory", as: "staff", text: "Name", files: 21, fields: 60, fieldSize: 100_000 },
  {
    method: "PUT",
    url: "/api/MasterCategory/c1",
    as: "staff",
    text: "Name",
    files: 21,
    fields: 60,
    fieldSize: 100_000,
  },
  { method: "POST", url: "/api/Product", as: "staff", text: "ProductName", files: 21, fields: 60, fieldSize: 100_000 },
  {
    method: "PUT",
    url: "/api/Product/p1",
    as: "staff",
    text: "ProductName",
    files: 21,
    fields: 60,
    fieldSize: 100_000,
  },
  { method: "POST", url: "/api/banner", as: "staff", text: "tittle", files: 21, fields: 60, fieldSize: 100_000 },
  { method: "PUT", url: "/api/banner/b1", as: "staff", text: "tittle", files: 21, fields: 60, fieldSize: 100_000 },
  { method: "POST", url: "/api/admin/coas", as: "staff", text: "labName", files: 21, fields: 60, fieldSize: 100_000 },
  {
    method: "POST",
    url: "/api/admin/documents",
    as: "staff",
    text: "title",
    files: 21,
    fields: 60,
    fieldSize: 100_000,
  },
  {
    method: "POST",
    url: "/api/admin/blog/images",
    as: "staff",
    text: "image",
    fileOnly: true,
    files: 21,
    fields: 60,
    fieldSize: 100_000,
  },
  {
    method: "POST",
    url: "/api/account/orders/o1/identity-document",
    as: "customer",
    text: "front",
    fileOnly: true,
    files: 21,
    fields: 60,
    fieldSize: 100_000,
  },
  {
    method: "POST",
    url: "/api/account/wholesale",
    as: "customer",
    text: "businessName",
    files: 21,
    fields: 60,
    fieldSize: 100_000,
  },
  {
    method: "POST",
    url: "/api/account/wholesale/documents",
    as: "customer",
    text: "number",
    files: 21,
    fields: 60,
    fieldSize: 100_000,
  },
  {
    method: "PUT",
    url: "/api/settings/logo",
    as: "staff",
    text: "logo",
    fileOnly: true,
    files: 21,
    fields: 60,
    fieldSize: 100_000,
  },
] as const;
type FormRoute = (typeof FORM_ROUTES)[number] & { fileOnly?: boolean };

const B = "----test-boundary";
const field = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, content: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
const end = `--${B}--\r\n`;
const withBoundary = `multipart/form-data; boundary=${B}`;

/** The malformed forms, each with what its answer must say. */
function malformed(route: FormRoute): [string, string, string, RegExp][] {
  const many = (count: number, part: (i: number) => string) =>
    Array.from({ length: count }, (_, i) => part(i)).join("");
  return [
    ["no boundary", "multipart/form-data", "x", /boundary/],
    ["an empty boundary", "multipart/form-data; boundary=", field("a", "b") + end, /boundary/],
    ["a boundary too long", `multipart/form-data; boundary=${"b".repeat(300)}`, "x", /boundary is too long/],
    ["another boundary than announced", withBoundary, (field("a", "b") + end).replaceAll(B, "other"), /boundary/],
    [
      "a truncated body",
      withBoundary,
      `${field("a", "b")}--${B}\r\nContent-Disposition: form-data; name="c"\r\n\r\nd`,
      /ended before/,
    ],
    ["a body cut inside a part's headers", withBoundary, `--${B}\r\nContent-Disposi`, /ended before/],
    [
      "a part without a name",
      withBoundary,
      `--${B}\r\nContent-Disposition: form-data\r\n\r\nb\r\n${end}`,
      /has no name/,
    ],
    ["a part with an empty name", withBoundary, field("", "b") + end, /has no name/],
    [
      "a file without a name",
      withBoundary,
      `--${B}\r\nContent-Disposition: form-data; filename="a.png"\r\n\r\nb\r\n${end}`,
      route.files === 0 ? /takes no files/ : /has no name/,
    ],
    [
      "too many fields",
      withBoundary,
      many(route.fields + 1, (i) => field(`f${i}`, "x")) + end,
      /too many (fields|parts)/,
    ],
    ["too many parts", withBoundary, many(101, () => `--${B}\r\nX-Part: 1\r\n\r\nx\r\n`) + end, /too many parts/],
    [
      "a field named after a prototype property",
      withBoundary,
      field("constructor", "x") + end,
      /name that is not allowed/,
    ],
    [
      "a field that says it is JSON but is not",
      withBoundary,
      `--${B}\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: application/json\r\n\r\n{x\r\n${end}`,
      /not valid JSON/,
    ],
    [
      "an over-long field",
      withBoundary,
      field(route.text, "a".repeat(route.fieldSize + 1)) + end,
      new RegExp(`'${route.text}' is too long`),
    ],
    ...(route.fileOnly
      ? []
      : ([
          [
            "a file in a text field",
            withBoundary,
            file(route.text, "x") + end,
            route.files === 0 ? /takes no files/ : new RegExp(`'${route.text}' takes text, not a file`),
          ],
        ] as [string, string, string, RegExp][])),
    ...(route.files > 0
      ? ([
          ["too many files", withBoundary, many(route.files + 1, (i) => file(`g${i}`, "x")) + end, /too many files/],
        ] as [string, string, string, RegExp][])
      : []),
  ];
}

let shop: TestApp;
let cookies: Sessions;
const logged: { level: number; msg?: string }[] = [];

beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions({
    demoData: false,
    env: { LOG_LEVEL: "warn" },
    logStream: { write: (line) => logged.push(JSON.parse(line)) },
  }));
});
afterAll(() => shop.close());

describe("a malformed multipart form gets a 400 that says what is wrong", () => {
  it("knows every route that reads a multipart form (from the OpenAPI document)", async () => {
    await shop.app.ready();
    const document = shop.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content?.["multipart/form-data"])
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{\w+\}/, ":id")}`),
    );
    const tested = FORM_ROUTES.map(
      (route) => `${route.method} ${route.url.replace(/\/(c1|p1|b1|o1)(\/|$)/, "/:id$2")}`,
    );
    expect(documented.sort()).toEqual(tested.sort());
  });

  for (const route of FORM_ROUTES) {
    describe(`${route.method} ${route.url} (${route.as})`, () => {
      it.each(malformed(route))("refuses %s", async (_, contentType, payload, says) => {
        logged.length = 0;
        const response = await shop.app.inject({
          method: route.method,
          url: route.url,
          headers: {
            "content-type": contentType,
            // An Owner may call every staff route, whichever area it is in.
            ...(route.as === "staff" ? { cookie: cookies.owner } : {}),
            ...(route.as === "customer" ? { cookie: cookies.customer } : {}),
          },
          payload,
        });
        expect(response.statusCode, response.body).toBe(400);
        const body = response.json();
        expect(Object.keys(body).sort()).toEqual(["error", "message"]);
        expect(body.error).toBe("Bad Request");
        expect(body.message).toMatch(says);
        expect(body.message).toMatch(/^[A-Z].*\.$/);
        expect(logged.filter((line) => line.level >= 50)).toEqual([]);
      });
    });
  }
});
