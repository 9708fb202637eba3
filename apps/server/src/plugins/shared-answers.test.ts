import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Product, ProductList } from "@shop/shared";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../test/forms.ts";
import { placeOrder } from "../test/orders.ts";
import { sellableProducts, whileInactive } from "../test/products.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createSharedAnswers, registerSharedAnswers } from "./shared-answers.ts";

// The product list API's answers to visitors without a session, kept and served by the HTTP
// server before Fastify (decision 068). Over real HTTP: app.inject never passes the server.

let shop: TestApp;
let base: string;
beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  await shop.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
});
afterAll(() => shop.close());

/** Asks until the answer made by the first request is kept (it is compressed after it is sent). */
async function kept(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(base + url, init);
    if (response.headers.get("x-shared-answer") === "hit") return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} was never served from the shared answers`);
}

const comparable = (response: Response) =>
  Object.fromEntries(
    [...response.headers].filter(([name]) => !["date", "x-shared-answer", "keep-alive", "connection"].includes(name)),
  );

describe("shared answers", () => {
  it("serves the same headers and bytes as Fastify did, in the encoding asked for", async () => {
    const url = "/api/Product?category=candy&limit=5";
    const first = await fetch(base + url, { headers: { "accept-encoding": "identity" } });
    expect(first.headers.get("x-shared-answer")).toBeNull();
    const body = await first.text();
    const hit = await kept(url, { headers: { "accept-encoding": "identity" } });
    expect(await hit.text()).toBe(body);
    expect(comparable(hit)).toEqual({ ...comparable(first), vary: "accept-encoding" });
    expect(hit.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(hit.headers.get("x-content-type-options")).toBe("nosniff");

    // Node's fetch decompresses; the raw bytes are read over plain HTTP.
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const raw = await rawGet(url, encoding);
      expect(raw.headers["content-encoding"]).toBe(encoding);
      expect(raw.headers["x-shared-answer"]).toBe("hit");
      expect(decode(raw.body).toString("utf8")).toBe(body);
    }
  });

  it("answers afresh once the catalogue changed, on this instance at once", async () => {
    const url = "/api/Product?category=kratom&limit=100";
    const before = (await (await kept(url)).json()) as ProductList;
    const first = before.items[0];
    await whileInactive(shop.app, first?.id ?? "", async () => {
      shop.app.services.catalog.forgetLists();
      const after = await fetch(base + url);
      expect(after.headers.get("x-shared-answer")).toBeNull();
      expect(((await after.json()) as ProductList).items.map((item) => item.id)).not.toContain(first?.id);
    });
  });

  it("keeps a product's answer, and the next one after an order shows the stock it took", async () => {
    await addAccount(shop.app, TEST_ADMIN, {
      id: "shared-buyer",
      email: "shared@shop.test",
      dateOfBirth: "1990-05-01",
    });
    const buyer = await loginCookie(shop.app, "shared@shop.test", TEST_ADMIN.password);
    const row = await sellableProducts(shop.app).select("id").where("stock", ">", 2).executeTakeFirstOrThrow();
    const url = `/api/Product/${row.id}`;
    const before = (await (await kept(url)).json()) as Product;
    await placeOrder(shop.app, buyer, { lines: [{ productId: row.id, quantity: 2 }] });
    const after = await fetch(base + url);
    expect(after.headers.get("x-shared-answer")).toBeNull();
    expect(((await after.json()) as Product).stock).toBe(before.stock - 2);
    // A missing product's refusal is never kept.
    await fetch(`${base}/api/Product/no-such-product`);
    expect((await fetch(`${base}/api/Product/no-such-product`)).headers.get("x-shared-answer")).toBeNull();
  });

  it("leaves a visitor with a session, other methods and other routes to Fastify", async () => {
    const url = "/api/Product?featured=true";
    await kept(url);
    const withSession = await fetch(base + url, { headers: { cookie: "ageVerified=true; session=abc" } });
    expect(withSession.headers.get("x-shared-answer")).toBeNull();
    expect(withSession.status).toBe(200);
    const head = await fetch(base + url, { method: "HEAD" });
    expect(head.headers.get("x-shared-answer")).toBeNull();
    await fetch(`${base}/api/banner`);
    const banners = await fetch(`${base}/api/banner`);
    expect(banners.headers.get("x-shared-answer")).toBeNull();
  });

  it("keeps an answer from the second time its address is asked for, not one asked for once (decision 085)", async () => {
    const answers = createSharedAnswers({ ttlMs: 1000, maxBytes: 1024 * 1024 });
    const app = Fastify();
    registerSharedAnswers(app, answers);
    app.get("/list", { config: { access: "public", sharedAnswer: true } }, async (request) => ({
      q: (request.query as { q?: string }).q,
      padding: "x".repeat(2000),
    }));
    const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
    // Searches asked for once each: none compressed, none kept.
    for (const word of ["mango", "kratom", "gummies"]) await app.inject(`/list?q=${word}`);
    await settled();
    expect([answers.size, answers.bytes]).toEqual([0, 0]);
    // Asked for again: compressed both ways and kept, then served before Fastify.
    await app.inject("/list?q=mango");
    await settled();
    expect(answers.size).toBe(1);
    const sent: Buffer[] = [];
    const served = answers.serve(
      { method: "GET", url: "/list?q=mango", headers: { "accept-encoding": "br" } } as never,
      { writeHead: () => {}, end: (body: Buffer) => sent.push(body) } as never,
    );
    expect(served).toBe(true);
    expect(JSON.parse(brotliDecompressSync(sent[0] ?? Buffer.alloc(0)).toString()).q).toBe("mango");
    await app.close();
  });

  it("does not keep a refusal", async () => {
    const url = "/api/Product?sort=cheapest";
    for (let i = 0; i < 3; i++) {
      const response = await fetch(base + url);
      expect(response.status).toBe(400);
      expect(response.headers.get("x-shared-answer")).toBeNull();
    }
  });
});

describe("createSharedAnswers", () => {
  it("does not keep an answer made before a change, nor more bytes than allowed, nor any once closing, nor any past its time", async () => {
    let now = 0;
    const answers = createSharedAnswers({ ttlMs: 1000, maxBytes: 6, now: () => now });
    const began = answers.generation;
    answers.clear();
    await answers.keep("/a", {}, "old", began);
    expect(answers.size).toBe(0);
    await answers.keep("/a", {}, "new", answers.generation);
    await answers.keep("/b", {}, "b", answers.generation);
    await answers.keep("/c", {}, "cc", answers.generation);
    // 3 + 1 + 2 bytes: all kept; one more byte and the oldest goes.
    expect([answers.size, answers.bytes]).toEqual([3, 6]);
    await answers.keep("/d", {}, "d", answers.generation);
    expect([answers.size, answers.bytes]).toEqual([3, 4]);
    const sent: unknown[] = [];
    const serveB = () =>
      answers.serve(
        { method: "GET", url: "/b", headers: {} } as never,
        { writeHead: () => {}, end: (body: Buffer) => sent.push(body.toString()) } as never,
      );
    expect(serveB()).toBe(true);
    expect(sent).toEqual(["b"]);
    now = 1001;
    expect(serveB()).toBe(false);
    answers.close();
    expect(answers.size).toBe(0);
    await answers.keep("/e", {}, "e", answers.generation);
    expect(answers.size).toBe(0);
  });

  it("refuses a route that is not a public GET", async () => {
    const app = Fastify();
    registerSharedAnswers(app, createSharedAnswers({ ttlMs: 1000, maxBytes: 1024 }));
    expect(() => app.post("/x", { config: { access: "public", sharedAnswer: true } }, async () => ({}))).toThrow(
      "POST /x: only public GET routes may share their answers.",
    );
    await app.close();
  });
});

async function rawGet(url: string, encoding: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    request(base + url, { headers: { "accept-encoding": encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
