import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loginCookie } from "../test/forms.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { servePages } from "./web.ts";

/**
 * The storefront pages anonymous shoppers share are rendered once (docs/decisions/066). The renderer
 * here stands in for React Router: it counts its renderings and puts the request's nonce on an
 * inline script, as server rendering does.
 */
const ADMIN = { email: "owner@cache.test", password: "a long admin passphrase 1" };
let shop: TestApp;
let renders = 0;
let answer: { status: number; headers?: Record<string, string> } = { status: 200 };
let gate: Promise<void> | null = null;

beforeAll(async () => {
  shop = await createTestApp({
    demoData: false,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: "test" },
  });
  await servePages(
    shop.app,
    async (request, context) => {
      renders++;
      if (gate) await gate;
      const url = new URL(request.url);
      const html = `<!DOCTYPE html><html><head><script nonce="${context.nonce}">window.page=${JSON.stringify(url.pathname + url.search)};</script><script type="module" src="/assets/entry.js"></script></head><body><h1>Render ${renders}</h1>${"<p>Mango disposable, 9,000 puffs.</p>".repeat(200)}</body></html>`;
      return new Response(html, {
        status: answer.status,
        headers: { "content-type": "text/html; charset=utf-8", ...answer.headers },
      });
    },
    { cache: true },
  );
});
afterAll(() => shop.close());
beforeEach(() => {
  shop.app.services.shared.publish("content");
  renders = 0;
  answer = { status: 200 };
  gate = null;
});

const AGE = "ageVerified=true";
const get = (url: string, cookie = AGE, encoding = "br, gzip") =>
  shop.app.inject({ url, headers: { cookie, "accept-encoding": encoding } });

function htmlOf(response: Awaited<ReturnType<typeof get>>): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString();
  return response.body;
}

describe("pages every anonymous shopper shares", () => {
  it("are rendered once, and answered from the cache in the encoding asked for", async () => {
    const first = await get("/products?page=2");
    expect(first.headers["x-page-cache"]).toBe("miss");
    const html = htmlOf(first);
    expect(html).toContain("<h1>Render 1</h1>");
    for (const encoding of ["br", "gzip", "identity"]) {
      const again = await get("/products?page=2", AGE, encoding);
      expect(again.headers["x-page-cache"]).toBe("hit");
      expect(again.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(again.headers.vary).toBe("Accept-Encoding");
      expect(htmlOf(again)).toBe(html);
    }
    expect(renders).toBe(1);
    for (const url of ["/", "/products/p-1", "/coas", "/coas/LOT-1", "/blog", "/blog/a-post"]) {
      await get(url);
      expect((await get(url)).headers["x-page-cache"], url).toBe("hit");
    }
  });

  it("allow their own inline scripts by hash, since a nonce shared by every visitor would be public", async () => {
    await get("/");
    const hit = await get("/");
    const html = htmlOf(hit);
    const script = /<script nonce="[^"]*">([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(script).digest("base64");
    const policy = String(hit.headers["content-security-policy"]);
    expect(policy).toMatch(new RegExp(`^script-src 'self' 'sha256-${hash.replace(/[+/]/g, "\\$&")}';`));
    expect(policy).not.toContain("nonce-");
    expect(policy).toContain("object-src 'none'");
  });

  it("are kept apart by what the pages read of the cookies: the age gate and the state shipped to", async () => {
    await get("/products");
    expect((await get("/products", "")).headers["x-page-cache"]).toBe("miss");
    expect((await get("/products", `${AGE}; shipState=TX`)).headers["x-page-cache"]).toBe("miss");
    expect((await get("/products", `shipState=TX; ${AGE}`)).headers["x-page-cache"]).toBe("hit");
    expect((await get("/products", `${AGE}; shipState=CA`)).headers["x-page-cache"]).toBe("miss");
    expect(renders).toBe(4);
  });

  it("are never shared with, or from, anyone signed in", async () => {
    await get("/products");
    const session = await loginCookie(shop.app, ADMIN.email, ADMIN.password);
    const mine = await get("/products", `${AGE}; ${session}`);
    expect(mine.headers["x-page-cache"]).toBeUndefined();
    expect(mine.headers["content-security-policy"]).toMatch(/'nonce-/);
    // A stale session cookie (the answer clears it) is not served a shared page either.
    expect((await get("/products", `${AGE}; session=stale`)).headers["x-page-cache"]).toBeUndefined();
    expect(renders).toBe(3);
  });

  it("leave out other pages, answers that are not a plain 200, and answers that set a cookie", async () => {
    for (const url of ["/cart", "/account", "/contact-us", "/dashboard", "/products/a/b"]) {
      await get(url);
      expect((await get(url)).headers["x-page-cache"], url).toBeUndefined();
    }
    answer = { status: 404 };
    await get("/products/missing");
    expect((await get("/products/missing")).headers["x-page-cache"]).toBeUndefined();
    answer = { status: 200, headers: { "set-cookie": "shipState=TX; Path=/" } };
    await get("/products/set");
    expect((await get("/products/set")).headers["set-cookie"]).toEqual(["shipState=TX; Path=/"]);
    answer = { status: 200, headers: { "cache-control": "private, no-store" } };
    await get("/products/private");
    expect((await get("/products/private")).headers["x-page-cache"]).toBeUndefined();
  });

  it("render once for many shoppers asking at the same moment", async () => {
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const asking = Array.from({ length: 20 }, () => get("/products?page=7"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    const answers = await Promise.all(asking);
    expect(new Set(answers.map((response) => htmlOf(response))).size).toBe(1);
    expect(renders).toBe(1);
  });

  it("go when staff change anything, and a rendering begun before the change is not kept", async () => {
    await get("/");
    const session = await loginCookie(shop.app, ADMIN.email, ADMIN.password);
    const change = await shop.app.inject({
      method: "PUT",
      url: "/api/admin/contact/messages/none/handled",
      headers: { cookie: session, "content-type": "application/json" },
      payload: { handled: true },
    });
    expect(change.statusCode).toBeGreaterThanOrEqual(400);
    // A refused change changes nothing: the page stays.
    expect((await get("/")).headers["x-page-cache"]).toBe("hit");
    const saved = await shop.app.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { cookie: session, "content-type": "application/json" },
      payload: { lowStockThreshold: 7 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get("/")).headers["x-page-cache"]).toBe("miss");

    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const before = get("/blog");
    await new Promise((resolve) => setTimeout(resolve, 20));
    shop.app.services.shared.publish("catalog");
    open();
    expect((await before).statusCode).toBe(200);
    gate = null;
    expect((await get("/blog")).headers["x-page-cache"]).toBe("miss");
  });
});
