import { createHash } from "node:crypto";
import { expect, test } from "./fixtures.ts";

test("built assets are served compressed and cached for good", async ({ request }) => {
  const html = await (await request.get("/products")).text();
  const asset = /"(\/assets\/entry\.client-[^"]+\.js)"/.exec(html)?.[1] ?? "";
  expect(asset).not.toBe("");
  const response = await request.get(asset, { headers: { "accept-encoding": "br, gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-encoding"]).toBe("br");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

/** The inline scripts a browser runs (schema.org data blocks, application/ld+json, are never run). */
function inlineScripts(html: string): { attributes: string; body: string }[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .map((match) => ({ attributes: match[1] ?? "", body: match[2] ?? "" }))
    .filter(({ attributes }) => !attributes.includes('type="application/ld+json"'));
}

test("a page for one visitor allows its inline scripts by the response's nonce", async ({ request }) => {
  for (const path of ["/products/no-such-product", "/cart", "/contact-us"]) {
    const response = await request.get(path);
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce, path).toBeTruthy();
    const inline = inlineScripts(await response.text());
    expect(inline.length, path).toBeGreaterThan(0);
    for (const { attributes } of inline) expect(attributes, path).toContain(`nonce="${nonce}"`);
  }
});

test("a page every visitor shares allows exactly its own inline scripts, by hash", async ({ request }) => {
  for (const path of ["/", "/products", "/products", "/coas"]) {
    const response = await request.get(path);
    const policy = response.headers()["content-security-policy"] ?? "";
    // Served from the page cache to many visitors, a nonce would be public: hashes take its place.
    expect(policy, path).not.toContain("'nonce-");
    const inline = inlineScripts(await response.text());
    expect(inline.length, path).toBeGreaterThan(0);
    for (const { body } of inline) {
      const hash = createHash("sha256").update(body).digest("base64");
      expect(policy, path).toContain(`'sha256-${hash}'`);
    }
  }
});

test("the API documentation lists every route", async ({ page }) => {
  // Swagger UI draws the operations as they come into view: a tall window holds the ones checked.
  await page.setViewportSize({ width: 1280, height: 4000 });
  await page.goto("/api/docs");
  for (const path of ["/api/health", "/api/MasterCategory", "/api/Product", "/api/Product/{id}", "/api/banner"]) {
    await expect(page.getByText(path, { exact: true }).first()).toBeVisible();
  }
});

test("bad query values get a readable 400", async ({ request }) => {
  const response = await request.get("/api/product?page=abc");
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({
    message: "Query parameter 'page' must be a whole number from 1 to 100000.",
  });
});
