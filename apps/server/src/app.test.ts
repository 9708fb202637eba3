import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "./test/test-app.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
  shop.app.get("/api/test/explode", { config: { access: "public" } }, () => {
    throw new Error("select password_hash from users where 1=1 -- at /srv/shop/src/secret.ts:12");
  });
});
afterAll(() => shop.close());

describe("health", () => {
  it("checks the database", async () => {
    const response = await shop.app.inject("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: testEngine });
  });
});

describe("errors", () => {
  it("answers an unknown API route with a JSON 404 in words", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await shop.app.inject({ method, url: "/api/nowhere?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Not Found", message: `There is no API route ${method} /api/nowhere.` });
    }
  });

  it("answers an address that does not decode like any other unknown one, in words", async () => {
    const response = await shop.app.inject("/api/Product/%E0%A4%A?x=%41");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not Found", message: "product with id %E0%A4%A not found." });
  });

  it("hides everything internal in a 500", async () => {
    const response = await shop.app.inject("/api/test/explode");
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: "Internal Server Error",
      message: "Something went wrong on our side. Please try again in a moment.",
    });
    expect(response.body).not.toMatch(/select|password|secret|\.ts|stack/i);
  });
});

describe("security headers", () => {
  const apiPolicy = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

  it("answers the API with a policy that allows nothing, plus the usual hardening headers", async () => {
    const response = await shop.app.inject("/api/health");
    expect(response.headers["content-security-policy"]).toBe(apiPolicy);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });

  // Routing ignores case (routerOptions.caseSensitive: false), so the headers must too.
  it.each(["/API/health", "/Api/health", "/api/HEALTH", "/API/nowhere"])("gives %s the API's policy", async (url) => {
    const response = await shop.app.inject(url);
    expect(response.statusCode).toBe(url.endsWith("nowhere") ? 404 : 200);
    expect(response.headers["content-security-policy"]).toBe(apiPolicy);
  });

  it("gives a picture asked for under /UPLOADS/ the policy that allows nothing", async () => {
    const banners = (await shop.app.inject("/api/banner")).json() as { image: { src: string } }[];
    const src = (banners[0]?.image.src ?? "").replace("/uploads/", "/UPLOADS/");
    const response = await shop.app.inject(src);
    expect(response.headers["content-security-policy"]).toBe(apiPolicy);
  });
});

describe("OpenAPI", () => {
  it("documents every API route with its schemas", async () => {
    const response = await shop.app.inject("/api/docs/json");
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/MasterCategory",
        "/api/Product",
        "/api/Product/{id}",
        "/api/banner",
      ]),
    );
    const list = document.paths["/api/Product"]?.get;
    expect(list?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["page", "limit", "category", "featured"]),
    );
    expect(Object.keys(list?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400"]));
    expect(JSON.stringify(document.paths)).not.toContain("/api/*");
  });

  it("serves the browsable documentation", async () => {
    const response = await shop.app.inject("/api/docs");
    expect([200, 302]).toContain(response.statusCode);
  });

  it("in production serves the documentation to staff only", async () => {
    const owner = { email: "owner@shop.test", password: "a long admin passphrase 1" };
    const production = await createTestApp({
      demoData: false,
      env: {
        NODE_ENV: "production",
        SESSION_SECRET: "s".repeat(40),
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
      },
    });
    try {
      const urls = ["/api/docs", "/api/docs/json", "/api/docs/yaml", "/API/DOCS/json", "/api/docs/static/index.html"];
      for (const url of urls) {
        const response = await production.app.inject(url);
        expect(response.statusCode, url).toBe(401);
        expect(response.json().message).toBe("Please log in first.");
      }
      const login = await production.app.inject({ method: "POST", url: "/api/Auth/login", payload: owner });
      const cookie = `session=${login.cookies.find((c) => c.name === "session")?.value}`;
      for (const url of urls) {
        const response = await production.app.inject({ url, headers: { cookie } });
        expect([200, 302], url).toContain(response.statusCode);
      }
    } finally {
      await production.close();
    }
  });
});

describe("uploads", () => {
  it("serves processed pictures as immutable WebP", async () => {
    const banners = (await shop.app.inject("/api/banner")).json() as { image: { src: string } }[];
    const src = banners[0]?.image.src ?? "";
    const response = await shop.app.inject(src);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toContain("immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  // Sent as written over a socket: inject() and fetch() would resolve the dot segments first.
  it("answers every way out of the folder with the 404 of a picture that does not exist", async () => {
    await shop.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = shop.app.server.address() as AddressInfo;
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.get({ host: "127.0.0.1", port, path }, (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on("error", reject);
      });
    const banners = (await shop.app.inject("/api/banner")).json() as { image: { src: string } }[];
    const picture = banners[0]?.image.src ?? "";
    expect((await get(picture)).status).toBe(200);
    const name = picture.slice("/uploads/".length);
    for (const path of [
      "/uploads/../shop.db",
      "/uploads/../../etc/passwd",
      "/uploads/%2e%2e/shop.db",
      "/uploads/%2E%2E/shop.db",
      "/uploads/..%2fsession-secret",
      "/uploads/..%2Fsession-secret",
      "/uploads/%2e%2e%2fshop.db",
      "/uploads/.%2e/shop.db",
      "/uploads/..\\shop.db",
      "/uploads/..%5cshop.db",
      `/uploads/./${name}`,
      `/uploads/x/../${name}`,
      `/uploads//${name}`,
      "/UPLOADS/../shop.db",
      "/Uploads/%2E%2E%2Fshop.db",
      "/uploads/nothing.webp",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body), path).toEqual({
        error: "Not Found",
        message: `There is no picture ${path}.`,
      });
    }
  });
});
