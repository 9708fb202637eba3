import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Mailbox, startMailbox } from "../../test/mailbox.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { hashPassword } from "./passwords.ts";

/**
 * "Forgot password" and "resend verification" take as long for an address with an account as
 * for one without, so the time does not tell who has an account (docs/decisions/022). The mail
 * server here answers after 40 ms, as a distant one would; the requests go over real HTTP, one
 * at a time, alternating.
 */
const RUNS = 30;
let shop: TestApp;
let mailbox: Mailbox;
let base = "";
beforeAll(async () => {
  mailbox = await startMailbox({ delayMs: 40 });
  // Each request names its own client address (through a trusted local proxy), so the
  // per-address limits do not end the run.
  shop = await createTestApp({ demoData: false, env: { SMTP_URL: mailbox.url, TRUST_PROXY: "loopback" } });
  const passwordHash = await hashPassword("a long password for all of them");
  const at = new Date().toISOString();
  await shop.app.db.kysely
    .insertInto("users")
    .values(
      Array.from({ length: RUNS }, (_, i) => ({
        id: `timing-user-${i}`,
        email: `known${i}@buyer.test`,
        password_hash: passwordHash,
        first_name: "Kim",
        last_name: `Known${i}`,
        date_of_birth: "1990-01-01",
        phone: null,
        role: "customer" as const,
        email_verified_at: null,
        disabled_at: null,
        last_login_at: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await shop.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

let clientCounter = 0;
async function timed(path: string, email: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.20.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`,
    },
    body: JSON.stringify({ email }),
  });
  await response.text();
  expect(response.status).toBe(202);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe.each(["/api/Auth/forgot-password", "/api/Auth/resend-verification"])("%s", (path) => {
  it("answers an address with an account as fast as one without, over many runs", async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      known.push(await timed(path, `known${i}@buyer.test`));
      unknown.push(await timed(path, `nobody${i}@buyer.test`));
    }
    await shop.app.services.background.settled();
    // The mail did go, after the answer.
    expect(mailbox.to("known0@buyer.test").length).toBeGreaterThan(0);
    // Before the fix the known address waited for the token and the mail server: 40 ms more.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(10);
    expect(median(known)).toBeLessThan(35);
  });
});
