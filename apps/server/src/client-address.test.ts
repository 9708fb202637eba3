import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app.ts";

/**
 * The per-address limits count the address the connection comes from (docs/decisions/022). A
 * client that invents X-Forwarded-For is the same client, unless TRUST_PROXY says the connection
 * comes from a proxy we run.
 */
const PRODUCTION = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "https://shop.test" };
const message = { name: "Dana Buyer", email: "dana@example.com", message: "Do you ship THCA flower to Ohio?" };

let untrusting: TestApp;
let behindProxy: TestApp;
let oneHop: TestApp;
beforeAll(async () => {
  untrusting = await createTestApp({ demoData: false, env: PRODUCTION });
  behindProxy = await createTestApp({ demoData: false, env: { ...PRODUCTION, TRUST_PROXY: "10.1.0.0/16" } });
  oneHop = await createTestApp({ demoData: false, env: { ...PRODUCTION, TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await untrusting.close();
  await behindProxy.close();
  await oneHop.close();
});

function contact(shop: TestApp, remoteAddress: string, forwardedFor: string) {
  return shop.app.inject({
    method: "POST",
    url: "/api/contact",
    remoteAddress,
    headers: { "x-forwarded-for": forwardedFor },
    payload: message,
  });
}

function wrongLogin(shop: TestApp, remoteAddress: string, forwardedFor: string, n: number) {
  return shop.app.inject({
    method: "POST",
    url: "/api/Auth/login",
    remoteAddress,
    headers: { "x-forwarded-for": forwardedFor },
    payload: { email: `nobody${n}@buyer.test`, password: "not the password" },
  });
}

describe("the client's address", () => {
  it("by default a forged X-Forwarded-For changes nothing: the sixth message from one connection is refused", async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await contact(untrusting, "192.0.2.10", `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("by default rotating X-Forwarded-For does not escape the login limit of one address", async () => {
    const statuses = [];
    for (let i = 1; i <= 11; i++) {
      statuses.push((await wrongLogin(untrusting, "192.0.2.11", `203.0.113.${i}`, i)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it("by default X-Forwarded-Proto and -Host do not change our origin for the same-origin check", async () => {
    const response = await untrusting.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "192.0.2.12",
      headers: {
        host: "shop.test",
        origin: "https://evil.test",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "evil.test",
      },
      payload: message,
    });
    expect(response.statusCode).toBe(403);
    // PUBLIC_URL's origin is ours even when TLS ends at a proxy that is not trusted.
    const ours = await untrusting.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "192.0.2.12",
      headers: { host: "shop.test", origin: "https://shop.test" },
      payload: message,
    });
    expect(ours.statusCode).toBe(201);
  });

  it("behind a trusted proxy, each forwarded client has its own limit; others still cannot forge one", async () => {
    for (let i = 1; i <= 6; i++) {
      expect((await contact(behindProxy, "10.1.2.3", `203.0.113.${i}`)).statusCode).toBe(201);
    }
    const statuses = [];
    for (let i = 1; i <= 6; i++)
      statuses.push((await contact(behindProxy, "192.0.2.20", `198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("with a hop count, the address the nearest proxy names is the client", async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await contact(oneHop, "192.0.2.30", `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
    const sameClient = [];
    for (let i = 1; i <= 6; i++) sameClient.push((await contact(oneHop, "192.0.2.30", "198.51.100.7")).statusCode);
    expect(sameClient).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
