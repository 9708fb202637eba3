import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProvidersCheck } from "./providers-check.ts";
import { type AuthorizeNetSimulator, startAuthorizeNetSimulator } from "./test/authorize-net-simulator.ts";

/**
 * npm run providers:check (issue 37): its round against the local Authorize.net simulator, what it
 * says without credentials, and the rounds it refuses or cannot finish, each with its exit code.
 */
let sim: AuthorizeNetSimulator;

// A session secret, so that reading the config writes no file into DATA_DIR.
const BASE_ENV = { SESSION_SECRET: "providers-check-test-session-secret-0123456789" };

const NOT_CHECKED = [
  "Authorize.net: not checked — set AUTHORIZE_NET_API_LOGIN_ID, AUTHORIZE_NET_TRANSACTION_KEY, AUTHORIZE_NET_CLIENT_KEY and AUTHORIZE_NET_SIGNATURE_KEY (sandbox) to check it.",
  "Veratad: not checked — set VERATAD_USER, VERATAD_PASS and VERATAD_TEST_KEY to check it (the test key makes AgeMatch answer a canned case, free of charge).",
];

async function check(env: NodeJS.ProcessEnv, args: string[] = []) {
  const lines: string[] = [];
  const code = await runProvidersCheck(args, env, { line: (text) => lines.push(text) });
  return { code, lines };
}

beforeAll(async () => {
  sim = await startAuthorizeNetSimulator();
});

afterAll(async () => {
  await sim.close();
});

describe("npm run providers:check", () => {
  it("authorizes the sandbox test card and voids it, saying each step, and exits 0", async () => {
    const { code, lines } = await check({ ...BASE_ENV, ...sim.env });

    const transId = /transId (\d+) /.exec(lines[1] ?? "")?.[1] ?? "";
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Authorize\\.net: authorizing \\$1\\.00 on the sandbox test card \\(Visa ending 1111\\) at ${sim.apiUrl.replaceAll(".", "\\.")}, invoice CHECK-[0-9A-Z]+$`,
        ),
      ),
      `Authorize.net: authorization approved, transId ${transId} (auth code SIM123)`,
      `Authorize.net: voided transId ${transId}: nothing stays held`,
      NOT_CHECKED[1],
      "Providers: 1 passed, 0 failed, 1 not checked.",
    ]);
    expect(code).toBe(0);
    expect(sim.transaction(transId)).toMatchObject({ status: "voided", authAmount: 1, accountNumber: "XXXX1111" });
    const sent = sim.requests.slice(-2).map((request) => {
      const body = (request as { createTransactionRequest: { transactionRequest: Record<string, unknown> } })
        .createTransactionRequest.transactionRequest;
      return [body.transactionType, body.payment];
    });
    expect(sent).toEqual([
      [
        "authOnlyTransaction",
        {
          creditCard: {
            cardNumber: "4111111111111111",
            expirationDate: expect.stringMatching(/^\d{4}-12$/),
            cardCode: "999",
          },
        },
      ],
      ["voidTransaction", undefined],
    ]);
  });

  it("says what each provider needs when nothing is set, and exits 0 (1 with --require)", async () => {
    expect(await check({})).toEqual({
      code: 0,
      lines: [...NOT_CHECKED, "Providers: 0 passed, 0 failed, 2 not checked."],
    });
    expect(await check({}, ["--require"])).toEqual({
      code: 1,
      lines: [
        ...NOT_CHECKED,
        "Providers: 0 passed, 0 failed, 2 not checked.",
        "--require was given, so a provider not checked counts as a failure.",
      ],
    });
  });

  it("refuses live mode before sending anything: a check never charges a real card", async () => {
    const sentBefore = sim.requests.length;
    const { code, lines } = await check({ ...BASE_ENV, ...sim.env, AUTHORIZE_NET_MODE: "live" });
    expect(lines[0]).toBe(
      "Authorize.net: refused — AUTHORIZE_NET_MODE is live (or the API URL is the live one, https://api.authorize.net/xml/v1/request.api). This check authorizes a card, so it runs only against the sandbox: set AUTHORIZE_NET_MODE=sandbox with the sandbox account's credentials.",
    );
    expect(lines.at(-1)).toBe("Providers: 0 passed, 1 failed, 1 not checked.");
    expect(code).toBe(1);
    expect(sim.requests.length).toBe(sentBefore);
  });

  it("says it could not reach the host, and why, and exits 1", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const apiUrl = `http://127.0.0.1:${port}/xml/v1/request.api`;

    const { code, lines } = await check({ ...BASE_ENV, ...sim.env, AUTHORIZE_NET_API_URL: apiUrl });
    expect(lines[1]).toBe(`Authorize.net: could not reach ${apiUrl}: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(code).toBe(1);
  });

  it("gives the gateway's own reason when it refuses the credentials, and half-given settings as they are", async () => {
    const refused = await check({ ...BASE_ENV, ...sim.env, AUTHORIZE_NET_TRANSACTION_KEY: "wrong-key" });
    expect(refused.lines[1]).toBe(
      "Authorize.net: authorization not approved — E00007: User authentication failed due to invalid authentication values.",
    );
    expect(refused.code).toBe(1);

    const half = await check({ ...BASE_ENV, AUTHORIZE_NET_API_LOGIN_ID: sim.credentials.apiLoginId });
    expect(half.lines[0]).toMatch(
      /^Authorize\.net: not checked — the settings are not valid: AUTHORIZE_NET_TRANSACTION_KEY, AUTHORIZE_NET_CLIENT_KEY, AUTHORIZE_NET_SIGNATURE_KEY: required/,
    );
    expect(half.code).toBe(1);
  });

  describe("Veratad", () => {
    let veratad: Server;
    let url = "";
    const received: Record<string, unknown>[] = [];

    beforeAll(async () => {
      veratad = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ result: { action: "PASS", detail: "MATCH" } }));
        });
      });
      await new Promise<void>((resolve) => veratad.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(veratad.address() as AddressInfo).port}/process/comprehensive/gateway`;
    });

    afterAll(async () => {
      await new Promise((resolve) => veratad.close(resolve));
    });

    it("posts one AgeMatch5.0 test-key request and reports its action and detail", async () => {
      const env = { VERATAD_USER: "shop", VERATAD_PASS: "secret", VERATAD_TEST_KEY: "T1", VERATAD_AGEMATCH_URL: url };
      const { code, lines } = await check(env);
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(
          /^Veratad: asking AgeMatch5\.0 at http:\/\/127\.0\.0\.1:\d+\/process\/comprehensive\/gateway with the test key, reference providers-check-\d+$/,
        ),
        "Veratad: answered action PASS, detail MATCH",
        "Providers: 1 passed, 0 failed, 1 not checked.",
      ]);
      expect(code).toBe(0);
      expect(received).toEqual([
        {
          user: "shop",
          pass: "secret",
          service: "AgeMatch5.0",
          reference: expect.stringMatching(/^providers-check-\d+$/),
          target: expect.objectContaining({ dob: expect.stringMatching(/^\d{8}$/), age: "21+", test_key: "T1" }),
        },
      ]);
    });
  });
});
