import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailDir } from "./modules/mail/service.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

/** Secrets in links (reset, verification) never reach the log at the default level. */
const lines: string[] = [];
let shop: TestApp;
beforeAll(async () => {
  // No SMTP_URL: mail goes to .eml files, the way a fresh install sends it.
  shop = await createTestApp({
    demoData: false,
    env: { LOG_LEVEL: "info", ADMIN_EMAIL: "owner@shop.test", ADMIN_PASSWORD: "a long admin passphrase 1" },
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(() => shop.close());

function tokensInMail(): string[] {
  const dir = mailDir(shop.dataDir);
  return readdirSync(dir).flatMap((file) =>
    [
      ...readFileSync(path.join(dir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .matchAll(/token=3D([A-Za-z0-9_-]+)|token=([A-Za-z0-9_-]+)/g),
    ].map((match) => match[1] ?? match[2] ?? ""),
  );
}

describe("the log", () => {
  it("keeps the tokens of mailed links and of requested URLs out at the info level", async () => {
    const forgot = await shop.app.inject({
      method: "POST",
      url: "/api/Auth/forgot-password",
      payload: { email: "owner@shop.test" },
    });
    expect(forgot.statusCode).toBe(202);
    await shop.app.services.background.settled();
    const tokens = tokensInMail();
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      await shop.app.inject({ method: "GET", url: `/reset-password?token=${token}` });
      await shop.app.inject({ method: "GET", url: `/verify-email.data?token=${token}&x=1` });
      await shop.app.inject({ method: "GET", url: `/api/Product?page=1&api_key=${token}` });
    }
    const log = lines.join("");
    expect(log).toContain("Mail written to a file");
    expect(log).toContain("/reset-password?token=[redacted]");
    for (const token of tokens) expect(log).not.toContain(token);
  });
});
