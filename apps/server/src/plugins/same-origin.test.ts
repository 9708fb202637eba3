import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/** A change is taken from our own origins only, never from whatever Host the request names (docs/decisions/082). */
const message = { name: "Dana Buyer", email: "dana@example.com", message: "Do you ship THCA flower to Ohio?" };
const REFUSED = { error: "Forbidden", message: "This request came from another website, so it was refused." };

let hosted: TestApp;
let local: TestApp;
beforeAll(async () => {
  hosted = await createTestApp({
    demoData: false,
    env: { PUBLIC_URL: "https://shop.test", EXTRA_ORIGINS: "https://www.shop.test, https://admin.shop.test:8443" },
  });
  local = await createTestApp({ demoData: false, env: { PORT: "3000" } });
});
afterAll(async () => {
  await hosted.close();
  await local.close();
});

let address = 0;
function post(shop: TestApp, headers: Record<string, string>) {
  return shop.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: message,
    headers: { "sec-fetch-site": "same-origin", ...headers },
    remoteAddress: `10.7.0.${++address}`,
  });
}

describe("the same-origin check", () => {
  it("refuses a page of another site that names itself as Host and Origin, and stores nothing", async () => {
    const before = await hosted.rowCount("contact_messages");
    for (const origin of ["http://evil.example", "https://evil.example"]) {
      const response = await post(hosted, { host: new URL(origin).host, origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    }
    expect(await hosted.rowCount("contact_messages")).toBe(before);
  });

  it("takes PUBLIC_URL's origin and the extra origins, whatever the Host", async () => {
    for (const origin of ["https://shop.test", "https://www.shop.test", "https://admin.shop.test:8443"]) {
      expect((await post(hosted, { host: "10.0.0.5:3000", origin })).statusCode, origin).toBe(201);
    }
    // The same names on another scheme or port are other origins.
    for (const origin of ["http://shop.test", "https://shop.test:8443", "https://admin.shop.test"]) {
      expect((await post(hosted, { host: "shop.test", origin })).statusCode, origin).toBe(403);
    }
  });

  it("without PUBLIC_URL, takes this port on the loopback names only", async () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      expect((await post(local, { host: "localhost:3000", origin })).statusCode, origin).toBe(201);
    }
    for (const origin of ["http://localhost:80", "http://evil.example:3000", "http://192.168.1.20:3000"]) {
      expect((await post(local, { host: new URL(origin).host, origin })).statusCode, origin).toBe(403);
    }
  });
});
