import { parseArgs } from "node:util";
import { formatCents } from "@shop/shared";
import { AUTHORIZE_NET_REQUIRED, ConfigError, loadConfig } from "./config/config.ts";
import {
  AUTHORIZE_NET_ENDPOINTS,
  AUTHORIZE_NET_HOLD_DAYS,
  type AuthorizeNetSettings,
  createAuthorizeNet,
} from "./modules/payments/authorize-net.ts";

/**
 * npm run providers:check [-- --require] (issue 37): one real sandbox round against each outside
 * provider whose test credentials are set, and, for each of the others, the settings it needs.
 * Nothing it does costs money or charges a card: Authorize.net only in its sandbox (an
 * authorization, voided at once), Veratad only with a test key (a canned answer).
 *
 * Exit code: 0 when every check that ran passed; 1 when one failed or could not reach its
 * provider, and, with --require, when one could not run for want of settings.
 */

/** Where the command's words go: the terminal, or a list in the tests. */
export interface ChecksOutput {
  line(text: string): void;
}

export type CheckOutcome = "passed" | "failed" | "not checked";

/** One outside provider's round. A new provider is one more entry in PROVIDER_CHECKS. */
export interface ProviderCheck {
  name: string;
  /** Prints each step's outcome, starting with the provider's name, and never throws for the provider's sake. */
  run(env: NodeJS.ProcessEnv, output: ChecksOutput): Promise<CheckOutcome>;
}

/** How long a check waits for a provider unless its settings say otherwise. */
const CHECK_TIMEOUT_MS = 20_000;

/** "A, B and C". */
const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

type Posted = { reached: true; status: number; body: unknown } | { reached: false; reason: string };

/** One JSON POST; `reached: false` with the reason in words when no readable answer came back. */
async function postJson(url: string, body: unknown, timeoutMs: number): Promise<Posted> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { reached: false, reason: `could not reach ${url}: ${whyUnreachable(error, timeoutMs)}` };
  }
  const text = await response.text();
  try {
    // Authorize.net starts its JSON with a byte-order mark.
    return { reached: true, status: response.status, body: JSON.parse(text.replace(/^\uFEFF/, "")) };
  } catch {
    return {
      reached: false,
      reason: `${url} answered HTTP ${response.status} with something other than JSON: ${text.slice(0, 200)}`,
    };
  }
}

/** fetch's own "fetch failed" says nothing: the reason is in its cause (DNS, refused, TLS). */
function whyUnreachable(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return `no answer within ${timeoutMs / 1000} s`;
  const cause = error.cause as (Error & { code?: string }) | undefined;
  return cause?.message || cause?.code || error.message;
}

// ---- Authorize.net -------------------------------------------------------------------------

const CHECK_AMOUNT_CENTS = 100;
/** Authorize.net's documented sandbox Visa; any future expiry is accepted. */
const SANDBOX_TEST_CARD = "4111111111111111";

/** The parts of createTransactionRequest's answer the check reads. */
interface TransactionAnswer {
  transactionResponse?: {
    responseCode?: string;
    transId?: string;
    authCode?: string;
    errors?: { errorCode: string; errorText: string }[];
  };
  messages?: { resultCode?: string; message?: { code: string; text: string }[] };
}

/** The gateway's own words for why a request did not go through (the operator needs its codes). */
function gatewayReason(answer: TransactionAnswer): string {
  const error = answer.transactionResponse?.errors?.[0];
  if (error) return `error ${error.errorCode}: ${error.errorText}`;
  const message = answer.messages?.message?.[0];
  if (message) return `${message.code}: ${message.text}`;
  return "the answer gave no reason";
}

/**
 * An authorization on the sandbox's test card number, for this check only. The shop itself never
 * handles a card number: its adapter sends the hosted form's one-time token, which only Accept.js
 * in a browser can make, so a check from a terminal uses the API's documented `creditCard`
 * payment instead.
 */
async function authorizeSandboxTestCard(settings: AuthorizeNetSettings, invoiceNumber: string): Promise<Posted> {
  const expiry = `${new Date().getUTCFullYear() + 2}-12`;
  return postJson(
    settings.apiUrl,
    {
      createTransactionRequest: {
        merchantAuthentication: { name: settings.apiLoginId, transactionKey: settings.transactionKey },
        refId: invoiceNumber,
        transactionRequest: {
          transactionType: "authOnlyTransaction",
          amount: (CHECK_AMOUNT_CENTS / 100).toFixed(2),
          payment: { creditCard: { cardNumber: SANDBOX_TEST_CARD, expirationDate: expiry, cardCode: "999" } },
          order: { invoiceNumber, description: "npm run providers:check" },
          billTo: {
            firstName: "Providers",
            lastName: "Check",
            address: "1 Main St",
            city: "Bellevue",
            state: "WA",
            zip: "98004",
            country: "US",
          },
          // A second run within two minutes is not refused as a duplicate (error 11).
          transactionSettings: { setting: [{ settingName: "duplicateWindow", settingValue: "0" }] },
        },
      },
    },
    settings.timeoutMs,
  );
}

export const authorizeNetCheck: ProviderCheck = {
  name: "Authorize.net",
  async run(env, output) {
    const say = (text: string) => output.line(`Authorize.net: ${text}`);
    const notChecked = `not checked — set ${listed(AUTHORIZE_NET_REQUIRED)} (sandbox) to check it.`;
    // Without any of them there is nothing to read, and reading the config would write DATA_DIR's session secret.
    if (!AUTHORIZE_NET_REQUIRED.some((name) => env[name])) {
      say(notChecked);
      return "not checked";
    }
    let settings: AuthorizeNetSettings | undefined;
    try {
      settings = loadConfig(env).authorizeNet;
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      say(`not checked — the settings are not valid: ${error.problems.join("; ")}`);
      return "failed";
    }
    if (!settings) {
      say(notChecked);
      return "not checked";
    }
    const liveHost = new URL(AUTHORIZE_NET_ENDPOINTS.live.apiUrl).host;
    if (settings.mode === "live" || new URL(settings.apiUrl).host === liveHost) {
      say(
        `refused — AUTHORIZE_NET_MODE is live (or the API URL is the live one, ${AUTHORIZE_NET_ENDPOINTS.live.apiUrl}). This check authorizes a card, so it runs only against the sandbox: set AUTHORIZE_NET_MODE=sandbox with the sandbox account's credentials.`,
      );
      return "failed";
    }

    const invoiceNumber = `CHECK-${Date.now().toString(36).toUpperCase()}`;
    const amount = formatCents(CHECK_AMOUNT_CENTS);
    say(
      `authorizing ${amount} on the sandbox test card (Visa ending 1111) at ${settings.apiUrl}, invoice ${invoiceNumber}`,
    );
    const authorized = await authorizeSandboxTestCard(settings, invoiceNumber);
    if (!authorized.reached) {
      say(authorized.reason);
      return "failed";
    }
    const answer = authorized.body as TransactionAnswer;
    const transId = answer.transactionResponse?.transId;
    if (answer.transactionResponse?.responseCode !== "1" || !transId) {
      say(`authorization not approved — ${gatewayReason(answer)}`);
      return "failed";
    }
    say(`authorization approved, transId ${transId} (auth code ${answer.transactionResponse?.authCode ?? "none"})`);

    // The void goes through the adapter the shop uses, as cancelling an order does.
    const voided = await createAuthorizeNet(settings).void({
      order: { id: invoiceNumber, number: invoiceNumber, totalCents: CHECK_AMOUNT_CENTS },
      amountCents: CHECK_AMOUNT_CENTS,
      idempotencyKey: `providers-check:void:${transId}`,
      earlier: { kind: "authorization", reference: transId, raw: {} },
      received: null,
    });
    if (voided.status !== "succeeded") {
      const reason =
        Object.keys(voided.raw).length > 0 ? gatewayReason(voided.raw as TransactionAnswer) : voided.message;
      say(
        `void of transId ${transId} not approved — ${reason}. The sandbox hold lapses by itself within ${AUTHORIZE_NET_HOLD_DAYS} days, or void it in the sandbox's Merchant Interface.`,
      );
      return "failed";
    }
    say(`voided transId ${transId}: nothing stays held`);
    return "passed";
  },
};

// ---- Veratad (age and identity) --------------------------------------------------------------

/** The settings the Veratad adapter reads (its own branch); the check needs the test key so that it is never a billed lookup. */
const VERATAD_REQUIRED = ["VERATAD_USER", "VERATAD_PASS", "VERATAD_TEST_KEY"] as const;
const VERATAD_AGEMATCH_URL = "https://production.idresponse.com/process/comprehensive/gateway";

export const veratadCheck: ProviderCheck = {
  name: "Veratad",
  async run(env, output) {
    const say = (text: string) => output.line(`Veratad: ${text}`);
    const [user, pass, testKey] = VERATAD_REQUIRED.map((name) => env[name]);
    if (!user || !pass || !testKey) {
      say(
        `not checked — set ${listed(VERATAD_REQUIRED)} to check it (the test key makes AgeMatch answer a canned case, free of charge).`,
      );
      return "not checked";
    }
    const url = env.VERATAD_AGEMATCH_URL || VERATAD_AGEMATCH_URL;
    const reference = `providers-check-${Date.now()}`;
    say(`asking AgeMatch5.0 at ${url} with the test key, reference ${reference}`);
    const posted = await postJson(
      url,
      {
        user,
        pass,
        service: "AgeMatch5.0",
        reference,
        target: {
          fn: "John",
          ln: "Smith",
          addr: "123 Main St",
          city: "Anytown",
          state: "NY",
          zip: "10001",
          dob: "19800101",
          age: "21+",
          test_key: testKey,
        },
      },
      CHECK_TIMEOUT_MS,
    );
    if (!posted.reached) {
      say(posted.reason);
      return "failed";
    }
    const result = (posted.body as { result?: { action?: unknown; detail?: unknown } } | null)?.result;
    if (posted.status >= 400 || typeof result?.action !== "string") {
      say(`no decision in the answer (HTTP ${posted.status}): ${JSON.stringify(posted.body).slice(0, 300)}`);
      return "failed";
    }
    say(`answered action ${result.action}, detail ${String(result.detail ?? "(none)")}`);
    return "passed";
  },
};

// ---- The command ---------------------------------------------------------------------------

export const PROVIDER_CHECKS: readonly ProviderCheck[] = [authorizeNetCheck, veratadCheck];

/** Runs every check in turn and returns the exit code; throws only on words it does not know. */
export async function runProvidersCheck(
  args: string[],
  env: NodeJS.ProcessEnv,
  output: ChecksOutput,
  checks: readonly ProviderCheck[] = PROVIDER_CHECKS,
): Promise<number> {
  const { values } = parseArgs({ args, options: { require: { type: "boolean", default: false } } });
  const outcomes: CheckOutcome[] = [];
  for (const check of checks) {
    try {
      outcomes.push(await check.run(env, output));
    } catch (error) {
      output.line(`${check.name}: failed — ${error instanceof Error ? error.message : String(error)}`);
      outcomes.push("failed");
    }
  }
  const count = (outcome: CheckOutcome) => outcomes.filter((each) => each === outcome).length;
  const failed = count("failed");
  const notChecked = count("not checked");
  output.line(`Providers: ${count("passed")} passed, ${failed} failed, ${notChecked} not checked.`);
  if (values.require && notChecked > 0) {
    output.line("--require was given, so a provider not checked counts as a failure.");
    return 1;
  }
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] === import.meta.filename) {
  try {
    process.exitCode = await runProvidersCheck(process.argv.slice(2), process.env, {
      line: (text) => console.log(text),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
