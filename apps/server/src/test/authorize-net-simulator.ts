import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signBody } from "../modules/payments/authorize-net.ts";

/**
 * A local stand-in for Authorize.net (docs/decisions/101), for tests and the browser tests: it
 * speaks the documented JSON API (createTransactionRequest: authOnly, authCapture,
 * priorAuthCapture, void, refund; getTransactionDetailsRequest), keeps transactions as the gateway
 * does (held, captured, settled, voided, refunded), refuses what the gateway refuses (a reused
 * token, a refund before settlement or above what is left, a duplicate within two minutes, bad
 * credentials), answers with the byte-order mark the real API starts with, and sends signed
 * webhooks. It also serves a stand-in of AcceptUI.js and its hosted form, which turns a test card
 * into a one-time token as the real form does. An authOnly transaction also takes a card number
 * (`payment.creditCard`), as the API does for server-side tests: only the providers check sends one.
 *
 * Test cards: 4111 1111 1111 1111 (and any other number) is approved; 4000 0000 0000 0002 is
 * declined; a billing ZIP of 46282 is declined, as in Authorize.net's sandbox.
 */
export interface AuthorizeNetSimulator {
  /** The API endpoint (AUTHORIZE_NET_API_URL). */
  apiUrl: string;
  /** The hosted form's script (AUTHORIZE_NET_SCRIPT_URL). */
  scriptUrl: string;
  credentials: { apiLoginId: string; transactionKey: string; clientKey: string; signatureKey: string };
  /** The environment that points the shop at this simulator. */
  env: Record<string, string>;
  /** A one-time token for a card, as the hosted form would give the browser. */
  token(cardNumber?: string): { descriptor: string; value: string };
  /** Runs `work` once, before the next API answer (something that happens while the gateway thinks). */
  beforeAnswer(work: () => Promise<unknown>): void;
  /** Makes the next answers wait this long (a gateway that does not answer in time). */
  delay(ms: number): void;
  /** Settles every captured transaction, as the gateway's daily batch does. */
  settle(): void;
  transaction(transId: string): SimulatedTransaction | undefined;
  /** A webhook about a transaction as the gateway sends it: signed (with `signatureKey` when given). */
  notification(
    eventType: string,
    transId: string,
    options?: { notificationId?: string; signatureKey?: string; eventDate?: string },
  ): { headers: Record<string, string>; body: string };
  /** Voids a held transaction as a merchant would in the gateway's own screens (then send the webhook). */
  voidOutside(transId: string): void;
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

export interface SimulatedTransaction {
  transId: string;
  type: string;
  status:
    | "authorizedPendingCapture"
    | "capturedPendingSettlement"
    | "settledSuccessfully"
    | "voided"
    | "declined"
    | "refundPendingSettlement";
  authAmount: number;
  settleAmount: number;
  refunded: number;
  invoiceNumber: string;
  accountNumber: string;
  refTransId: string | null;
  createdAt: number;
}

const DUPLICATE_WINDOW_MS = 120_000;

/** The parts of the API's requests the simulator reads. */
interface ApiRequest {
  refId?: unknown;
  merchantAuthentication?: { name?: string; transactionKey?: string };
  transId?: string;
  transactionRequest?: {
    transactionType?: string;
    amount?: string;
    refTransId?: string;
    payment?: { opaqueData?: { dataValue?: string }; creditCard?: { cardNumber?: string; expirationDate?: string } };
    order?: { invoiceNumber?: string };
    billTo?: { zip?: string };
  };
}

export async function startAuthorizeNetSimulator(): Promise<AuthorizeNetSimulator> {
  const credentials = {
    apiLoginId: "sim-login",
    transactionKey: "sim-key-123",
    clientKey: `sim-client-${randomBytes(6).toString("hex")}`,
    signatureKey: randomBytes(64).toString("hex").toUpperCase(),
  };
  const tokens = new Map<string, { cardNumber: string; used: boolean }>();
  const transactions = new Map<string, SimulatedTransaction>();
  const requests: Record<string, unknown>[] = [];
  let delayMs = 0;
  let pending: (() => Promise<unknown>) | null = null;
  let nextTransId = 60_000_000_001;

  const issueToken = (cardNumber = "4111111111111111") => {
    const value = randomBytes(24).toString("base64");
    tokens.set(value, { cardNumber: cardNumber.replace(/\D/g, ""), used: false });
    return { descriptor: "COMMON.ACCEPT.INAPP.PAYMENT", value };
  };

  const ok = { resultCode: "Ok", message: [{ code: "I00001", text: "Successful." }] };
  const failed = (code: string, text: string) => ({ resultCode: "Error", message: [{ code, text }] });

  function transactionAnswer(refId: unknown, response: Record<string, unknown>, messages = ok) {
    return { transactionResponse: response, refId, messages };
  }

  function error(refId: unknown, code: string, text: string, transId = "0") {
    return transactionAnswer(
      refId,
      { responseCode: "3", transId, errors: [{ errorCode: code, errorText: text }] },
      failed("E00027", "The transaction was unsuccessful."),
    );
  }

  function approved(refId: unknown, tx: SimulatedTransaction, refTransID = "") {
    return transactionAnswer(refId, {
      responseCode: "1",
      authCode: tx.type.startsWith("auth") ? "SIM123" : "",
      avsResponse: "Y",
      transId: tx.transId,
      refTransID,
      accountNumber: tx.accountNumber,
      accountType: "Visa",
      messages: [{ code: "1", description: "This transaction has been approved." }],
    });
  }

  function createTransaction(request: ApiRequest) {
    const { refId, transactionRequest: body = {} } = request;
    const type = body.transactionType ?? "";
    const amount = Number(body?.amount ?? 0);
    if (type === "authOnlyTransaction" || type === "authCaptureTransaction") {
      // A card number instead of a token: the API's documented server-side path, which only
      // `npm run providers:check` uses (the shop itself sends tokens), for a hold only.
      const card = body.payment?.creditCard;
      const token =
        card && type === "authOnlyTransaction"
          ? { cardNumber: String(card.cardNumber ?? "").replace(/\D/g, ""), used: false }
          : tokens.get(body.payment?.opaqueData?.dataValue ?? "");
      if (card && type === "authOnlyTransaction" && !cardExpiryAhead(String(card.expirationDate ?? ""))) {
        return error(refId, "8", "The credit card has expired.");
      }
      if (!token || token.used) {
        return {
          refId,
          messages: failed("E00114", "Invalid OTS Token."),
        };
      }
      const invoiceNumber = String(body.order?.invoiceNumber ?? "");
      const duplicate = [...transactions.values()].find(
        (tx) =>
          tx.invoiceNumber === invoiceNumber &&
          tx.authAmount === amount &&
          tx.type === type &&
          Date.now() - tx.createdAt < DUPLICATE_WINDOW_MS,
      );
      if (duplicate) return error(refId, "11", "A duplicate transaction has been submitted.");
      token.used = true;
      const tx: SimulatedTransaction = {
        transId: String(nextTransId++),
        type,
        status: type === "authOnlyTransaction" ? "authorizedPendingCapture" : "capturedPendingSettlement",
        authAmount: amount,
        settleAmount: type === "authOnlyTransaction" ? 0 : amount,
        refunded: 0,
        invoiceNumber,
        accountNumber: `XXXX${token.cardNumber.slice(-4)}`,
        refTransId: null,
        createdAt: Date.now(),
      };
      const declined = token.cardNumber === "4000000000000002" || body.billTo?.zip === "46282";
      if (declined) tx.status = "declined";
      transactions.set(tx.transId, tx);
      if (declined) {
        return transactionAnswer(refId, {
          responseCode: "2",
          transId: tx.transId,
          accountNumber: tx.accountNumber,
          errors: [{ errorCode: "2", errorText: "This transaction has been declined." }],
        });
      }
      return approved(refId, tx);
    }
    const earlier = transactions.get(String(body?.refTransId ?? ""));
    if (!earlier) return error(refId, "16", "The transaction cannot be found.");
    if (type === "priorAuthCaptureTransaction") {
      if (earlier.status !== "authorizedPendingCapture") {
        return error(
          refId,
          "47",
          "The amount requested for settlement cannot be greater than the original amount authorized.",
        );
      }
      if (amount > earlier.authAmount) {
        return error(
          refId,
          "47",
          "The amount requested for settlement cannot be greater than the original amount authorized.",
        );
      }
      earlier.status = "capturedPendingSettlement";
      earlier.settleAmount = amount;
      return approved(refId, { ...earlier, type }, earlier.transId);
    }
    if (type === "voidTransaction") {
      if (earlier.status !== "authorizedPendingCapture" && earlier.status !== "capturedPendingSettlement") {
        return error(refId, "16", "The transaction cannot be found.");
      }
      earlier.status = "voided";
      return approved(refId, { ...earlier, type }, earlier.transId);
    }
    if (type === "refundTransaction") {
      if (earlier.status !== "settledSuccessfully") {
        return error(refId, "54", "The referenced transaction does not meet the criteria for issuing a credit.");
      }
      const last4 = String(body.payment?.creditCard?.cardNumber ?? "");
      if (last4 !== earlier.accountNumber.slice(-4)) {
        return error(refId, "54", "The referenced transaction does not meet the criteria for issuing a credit.");
      }
      if (amount > earlier.settleAmount - earlier.refunded + 1e-9) {
        return error(
          refId,
          "55",
          "The sum of credits against the referenced transaction would exceed original debit amount.",
        );
      }
      earlier.refunded = Math.round((earlier.refunded + amount) * 100) / 100;
      const refund: SimulatedTransaction = {
        ...earlier,
        transId: String(nextTransId++),
        type,
        status: "refundPendingSettlement",
        authAmount: amount,
        settleAmount: amount,
        refunded: 0,
        refTransId: earlier.transId,
        createdAt: Date.now(),
      };
      transactions.set(refund.transId, refund);
      return approved(refId, refund, earlier.transId);
    }
    return { refId, messages: failed("E00003", `The transaction type ${type} is not supported here.`) };
  }

  function transactionDetails(request: ApiRequest) {
    const tx = transactions.get(String(request.transId ?? ""));
    if (!tx) return { messages: failed("E00040", "The record cannot be found.") };
    return {
      transaction: {
        transId: tx.transId,
        refTransId: tx.refTransId ?? undefined,
        transactionType: tx.type,
        transactionStatus: tx.status,
        authAmount: tx.authAmount,
        settleAmount: tx.settleAmount,
        order: { invoiceNumber: tx.invoiceNumber },
        payment: { creditCard: { cardNumber: tx.accountNumber, expirationDate: "XXXX" } },
      },
      messages: ok,
    };
  }

  function api(body: Record<string, ApiRequest>) {
    const [name, request = {}] = Object.entries(body)[0] ?? [];
    requests.push({ [String(name)]: { ...request, merchantAuthentication: "(hidden)" } });
    const auth = request?.merchantAuthentication;
    if (auth?.name !== credentials.apiLoginId || auth?.transactionKey !== credentials.transactionKey) {
      return { messages: failed("E00007", "User authentication failed due to invalid authentication values.") };
    }
    if (name === "createTransactionRequest") return createTransaction(request);
    if (name === "getTransactionDetailsRequest") return transactionDetails(request);
    return { messages: failed("E00003", `The element ${String(name)} is not supported here.`) };
  }

  const server: Server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://localhost");
      if (request.method === "POST" && url.pathname === "/xml/v1/request.api") {
        const body = JSON.parse(await read(request)) as Record<string, ApiRequest>;
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        const work = pending;
        pending = null;
        await work?.();
        return send(response, 200, "application/json; charset=utf-8", `\uFEFF${JSON.stringify(api(body))}`);
      }
      if (request.method === "GET" && url.pathname === "/v3/AcceptUI.js") {
        return send(response, 200, "text/javascript", ACCEPT_UI_SCRIPT);
      }
      if (request.method === "GET" && url.pathname === "/v3/acceptMain.html") {
        return send(response, 200, "text/html; charset=utf-8", HOSTED_FORM);
      }
      if (request.method === "POST" && url.pathname === "/v3/token") {
        const card = JSON.parse(await read(request)) as { cardNumber?: string; expDate?: string; clientKey?: string };
        const digits = String(card.cardNumber ?? "").replace(/\D/g, "");
        if (card.clientKey !== credentials.clientKey) {
          return json(response, {
            messages: failed("E_WC_21", "User authentication failed due to invalid authentication values."),
          });
        }
        if (!/^\d{13,19}$/.test(digits)) {
          return json(response, { messages: failed("E_WC_05", "Please provide valid credit card number.") });
        }
        if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(String(card.expDate ?? ""))) {
          return json(response, { messages: failed("E_WC_06", "Please provide valid expiration month.") });
        }
        const { descriptor, value } = issueToken(digits);
        return json(response, {
          opaqueData: { dataDescriptor: descriptor, dataValue: value },
          messages: { resultCode: "Ok", message: [{ code: "I_WC_01", text: "Successful." }] },
          encryptedCardData: { cardNumber: `XXXX${digits.slice(-4)}`, expDate: card.expDate, bin: digits.slice(0, 6) },
        });
      }
      send(response, 404, "text/plain", "Not found");
    } catch (thrown) {
      send(response, 500, "text/plain", String(thrown));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiUrl = `${origin}/xml/v1/request.api`;
  const scriptUrl = `${origin}/v3/AcceptUI.js`;

  return {
    apiUrl,
    scriptUrl,
    credentials,
    env: {
      AUTHORIZE_NET_API_LOGIN_ID: credentials.apiLoginId,
      AUTHORIZE_NET_TRANSACTION_KEY: credentials.transactionKey,
      AUTHORIZE_NET_CLIENT_KEY: credentials.clientKey,
      AUTHORIZE_NET_SIGNATURE_KEY: credentials.signatureKey,
      AUTHORIZE_NET_MODE: "sandbox",
      AUTHORIZE_NET_API_URL: apiUrl,
      AUTHORIZE_NET_SCRIPT_URL: scriptUrl,
    },
    token: issueToken,
    beforeAnswer(work) {
      pending = work;
    },
    delay(ms) {
      delayMs = ms;
    },
    settle() {
      for (const tx of transactions.values()) {
        if (tx.status === "capturedPendingSettlement") tx.status = "settledSuccessfully";
      }
    },
    transaction: (transId) => transactions.get(transId),
    voidOutside(transId) {
      const tx = transactions.get(transId);
      if (tx) tx.status = "voided";
    },
    notification(eventType, transId, options = {}) {
      const tx = transactions.get(transId);
      const body = JSON.stringify({
        notificationId: options.notificationId ?? randomBytes(16).toString("hex"),
        eventType,
        eventDate: options.eventDate ?? new Date().toISOString(),
        webhookId: "sim-webhook",
        payload: {
          responseCode: tx?.status === "declined" ? 2 : 1,
          authCode: "SIM123",
          avsResponse: "Y",
          authAmount: tx?.authAmount ?? 0,
          entityName: "transaction",
          id: transId,
        },
      });
      return {
        headers: {
          "content-type": "application/json",
          "x-anet-signature": signBody(body, options.signatureKey ?? credentials.signatureKey),
        },
        body,
      };
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a card's expiry (YYYY-MM, as the API takes it) is this month or later. */
function cardExpiryAhead(expiry: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(expiry);
  if (!match) return false;
  const now = new Date();
  return Number(match[1]) * 12 + Number(match[2]) >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { "content-type": type, "access-control-allow-origin": "*" });
  response.end(body);
}

const json = (response: ServerResponse, body: unknown) => send(response, 200, "application/json", JSON.stringify(body));

/**
 * The stand-in of AcceptUI.js: a click on a button of class AcceptUI opens the hosted form in a
 * frame over the page; the form's answer comes back by postMessage and goes to the function the
 * button's data-responseHandler names, as the real script does.
 */
const ACCEPT_UI_SCRIPT = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  function open(button) {
    var overlay = document.createElement("div");
    overlay.id = "AcceptUIContainer";
    overlay.style.cssText = "position:fixed;inset:0;z-index:9999;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center";
    var frame = document.createElement("iframe");
    frame.title = "Card details";
    frame.style.cssText = "width:min(420px,100vw);height:420px;border:0;background:#fff;border-radius:8px";
    frame.src = origin + "/v3/acceptMain.html?clientKey=" + encodeURIComponent(button.getAttribute("data-clientKey") || "");
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    function done(event) {
      if (event.origin !== origin) return;
      window.removeEventListener("message", done);
      overlay.remove();
      if (event.data && event.data.closed) return;
      var handler = window[button.getAttribute("data-responseHandler")];
      if (typeof handler === "function") handler(event.data);
    }
    window.addEventListener("message", done);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".AcceptUI");
    if (!button) return;
    event.preventDefault();
    open(button);
  });
})();`;

const HOSTED_FORM = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card details</title>
<style>body{font:16px system-ui;margin:0;padding:24px}label{display:block;margin-top:12px}input{display:block;width:100%;box-sizing:border-box;padding:8px;margin-top:4px;font:inherit}button{margin-top:16px;padding:10px 16px;font:inherit}p[role=alert]{color:#b91c1c}</style></head>
<body><h1 style="font-size:20px;margin:0">Card details (simulator)</h1>
<form id="card"><label>Card number<input name="cardNumber" autocomplete="cc-number" inputmode="numeric"></label>
<label>Expiry (MM/YY)<input name="expDate" autocomplete="cc-exp"></label>
<label>Security code<input name="cardCode" autocomplete="cc-csc" inputmode="numeric"></label>
<p role="alert" id="problem"></p><button type="submit">Pay</button> <button type="button" id="close">Close</button></form>
<script>
var clientKey = new URLSearchParams(location.search).get("clientKey");
document.getElementById("close").onclick = function () { parent.postMessage({ closed: true }, "*"); };
document.getElementById("card").onsubmit = function (event) {
  event.preventDefault();
  var form = new FormData(event.target);
  fetch("/v3/token", { method: "POST", body: JSON.stringify({ cardNumber: form.get("cardNumber"), expDate: form.get("expDate"), clientKey: clientKey }) })
    .then(function (response) { return response.json(); })
    .then(function (answer) {
      if (answer.messages.resultCode !== "Ok") { document.getElementById("problem").textContent = answer.messages.message[0].text; return; }
      parent.postMessage(answer, "*");
    });
};
</script></body></html>`;
