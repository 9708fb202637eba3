import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerSecurityHeaders } from "./security.ts";

async function appWith(options: { production: boolean; dev: boolean }) {
  const app = Fastify();
  registerSecurityHeaders(app, options);
  app.get("*", (_request, reply) => reply.type("text/html").send(`<script nonce="${reply.cspNonce}"></script>`));
  return app;
}

describe("security headers on pages", () => {
  it("allow our own scripts plus this response's nonce, and nothing inline otherwise", async () => {
    const app = await appWith({ production: false, dev: false });
    const response = await app.inject("/products");
    const csp = String(response.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
    expect(nonce.length).toBeGreaterThanOrEqual(22);
    expect(response.body).toBe(`<script nonce="${nonce}"></script>`);
    for (const directive of [
      "script-src 'self' 'nonce-",
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "style-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("unsafe");
    expect(csp).not.toContain("upgrade-insecure-requests");
    await app.close();
  });

  it("use a fresh nonce for every response", async () => {
    const app = await appWith({ production: false, dev: false });
    const nonce = async () =>
      /'nonce-([^']+)'/.exec(String(await app.inject("/").then((r) => r.headers["content-security-policy"])))?.[1];
    expect(await nonce()).not.toBe(await nonce());
    await app.close();
  });

  it("add HSTS and upgrade-insecure-requests in production", async () => {
    const app = await appWith({ production: true, dev: false });
    const response = await app.inject("/");
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(response.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    await app.close();
  });

  it("send no CSP from the dev server, whose hot reload runs inline code", async () => {
    const app = await appWith({ production: false, dev: true });
    const response = await app.inject("/");
    expect(response.headers["content-security-policy"]).toBeUndefined();
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    await app.close();
  });
});
