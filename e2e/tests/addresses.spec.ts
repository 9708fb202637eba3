import http from "node:http";
import { baseURL } from "../playwright.config.ts";
import { expect, test } from "./fixtures.ts";

/**
 * An address sent exactly as written. Browsers, fetch() and Playwright's request resolve `..`
 * and read `//host/path` as another host before anything is sent, so they cannot ask for these.
 */
function rawGet(path: string): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: hostname, port, path }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body }),
      );
    });
    request.on("error", reject);
  });
}

// A path that begins with two slashes is a path on this shop, never another host; no page begins
// with an empty segment, so each is the not-found page.
test("an address that begins with // or /\\ is the not-found page of this shop", async () => {
  for (const path of [
    "//evil.example",
    "//evil.example/path",
    "//evil.example/products?page=2",
    "/\\evil.example",
    "/\\evil.example/products",
    "//products",
    "//coas",
  ]) {
    const response = await rawGet(path);
    expect(response.status, path).toBe(404);
    expect(response.type, path).toContain("text/html");
    expect(response.body, path).toContain("We could not find that page");
    // Every address in the page is on this shop (the canonical link keeps the path as asked).
    expect(response.body, path).not.toMatch(/(?:href|content|src|action)="(?:https?:)?[/\\]{2}evil\.example/);
  }
});

test("a browser sent to //evil.example/path stays on the shop and sees the not-found page", async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto(`${baseURL}//evil.example/path`);
  expect(response?.status()).toBe(404);
  expect(new URL(page.url()).host).toBe(new URL(baseURL).host);
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse products" })).toBeVisible();
  // The browser logs the 404 document itself; that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("404")]);
  consoleErrors.length = 0;
});

// A way out of a served folder is a plain 404, not a 403 that says something is there.
test("every way out of /assets/, /uploads/ and the COA documents is a plain 404", async ({ request }) => {
  const html = await (await request.get("/products")).text();
  const asset = /"\/assets\/(entry\.client-[^"]+\.js)"/.exec(html)?.[1] ?? "";
  expect(asset).not.toBe("");
  expect((await rawGet(`/assets/${asset}`)).status).toBe(200);
  for (const path of [
    "/assets/../server/index.js",
    "/assets/../../server/index.js",
    "/assets/%2e%2e/server/index.js",
    "/assets/%2E%2E/%2e%2e/server/index.js",
    "/assets/..%2fserver%2findex.js",
    "/assets/..%2F..%2Fserver%2Findex.js",
    "/assets/..\\server\\index.js",
    `/assets/./${asset}`,
    `/assets/x/../${asset}`,
    "/ASSETS/../server/index.js",
    "/uploads/../shop.db",
    "/uploads/%2e%2e/shop.db",
    "/uploads/..%2fsession-secret",
    "/documents/../shop.db",
    "/documents/%2e%2e/shop.db",
    "/api/coas/..%2f..%2fshop.db/pdf",
    "/api/coas/%2e%2e/pdf",
    "/api/coas/../../shop.db/pdf",
  ]) {
    const response = await rawGet(path);
    expect(response.status, path).toBe(404);
    // The shop's not-found page or the API's 404 in words, never a file's bytes.
    expect(response.type, path).toMatch(/^(text\/html|application\/json)/);
    expect(response.body, path).not.toContain("SQLite format");
  }
});
