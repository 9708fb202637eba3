import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { formatCents } from "@shop/shared";
import type { PaymentRecordKind } from "@shop/shared/rules";
import type { PaymentProvider, PaymentRequest, ProviderAnswer, WebhookEvent, WebhookRequest } from "./provider.ts";

/**
 * Card payments through Authorize.net (docs/decisions/101), over its documented JSON API
 * (`createTransactionRequest`, `getTransactionDetailsRequest`) and webhooks (`X-ANET-Signature`).
 * The card is typed into Accept's hosted form in the buyer's browser; the shop sends only the
 * one-time token it gives back. The credentials never leave this file: they are not in any answer,
 * record or log line.
 */
export interface AuthorizeNetSettings {
  apiLoginId: string;
  transactionKey: string;
  /** The public client key the hosted form needs (it is in the page, by design). */
  clientKey: string;
  /** Signs webhooks (HMAC-SHA512). */
  signatureKey: string;
  mode: "sandbox" | "live";
  /** Where createTransactionRequest goes: the mode's endpoint, or a simulator's in tests. */
  apiUrl: string;
  /** AcceptUI.js, which shows the hosted form: the mode's, or a simulator's stand-in in tests. */
  scriptUrl: string;
  /** How long the shop waits for an answer before telling the buyer the card service did not answer. */
  timeoutMs: number;
}

/** What the storefront and Settings may know of the gateway: never the transaction or signature key. */
export interface CardGateway {
  name: string;
  mode: "sandbox" | "live";
  apiLoginId: string;
  clientKey: string;
  scriptUrl: string;
}

export const AUTHORIZE_NET_ENDPOINTS = {
  sandbox: {
    apiUrl: "https://apitest.authorize.net/xml/v1/request.api",
    scriptUrl: "https://jstest.authorize.net/v3/AcceptUI.js",
  },
  live: {
    apiUrl: "https://api.authorize.net/xml/v1/request.api",
    scriptUrl: "https://js.authorize.net/v3/AcceptUI.js",
  },
} as const;

/** How long Authorize.net keeps an authorization open before it expires unsettled. */
export const AUTHORIZE_NET_HOLD_DAYS = 30;
/** Webhooks older than this are refused as replays; Authorize.net retries a failed one for a few days. */
const WEBHOOK_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;

/** Authorize.net's answer as its documentation gives it, the parts the shop reads. */
interface TransactionAnswer {
  transactionResponse?: {
    responseCode?: string;
    authCode?: string;
    transId?: string;
    refTransID?: string;
    accountNumber?: string;
    accountType?: string;
    messages?: { code: string; description: string }[];
    errors?: { errorCode: string; errorText: string }[];
  };
  refId?: string;
  messages?: { resultCode: "Ok" | "Error"; message: { code: string; text: string }[] };
}

const NOT_ANSWERED =
  "The card service did not answer, so nothing was charged by this order. Please try again in a minute, or choose another way to pay.";
const NOT_WORKING =
  "Card payments are not working at the moment, so nothing was charged. Please choose another way to pay, or try again later.";

/** The buyer's or staff's sentence for an error code of the gateway's (responseCode 3). */
function errorMessage(code: string, text: string): string {
  switch (code) {
    case "6":
    case "37":
      return "The card number is not valid. Please check it, or use another card.";
    case "7":
    case "8":
      return "The card has expired or its expiry date is wrong. Please check it, or use another card.";
    case "11":
      return "The same payment was sent moments ago. Please wait two minutes before trying again.";
    case "54":
      return "The card payment has not settled yet (Authorize.net settles once a day). Refund it tomorrow, or cancel the order to release the whole payment.";
    case "55":
      return "The refund is more than what is left of the card payment.";
    case "16":
      return "The card service has no record of this payment.";
    default:
      return `The card service refused it: ${text}`;
  }
}

/** Turns Authorize.net's answer into the shop's: approved, declined or failed, in words. */
export function readAnswer(answer: TransactionAnswer): Omit<ProviderAnswer, "raw"> {
  const response = answer.transactionResponse;
  const reference = response?.transId && response.transId !== "0" ? response.transId : null;
  switch (response?.responseCode) {
    case "1":
      return { status: "succeeded", reference, message: null };
    case "2":
      return {
        status: "declined",
        reference,
        message: "Your card was declined by its bank. Please check its details, or use another card.",
      };
    case "4":
      return {
        status: "failed",
        reference,
        message:
          "The card service held this payment for review, so the order was not placed. Please use another card, or choose another way to pay.",
      };
    case "3": {
      const error = response.errors?.[0];
      return { status: "failed", reference, message: errorMessage(error?.errorCode ?? "", error?.errorText ?? "") };
    }
    default:
      // No transaction: the request itself was refused (wrong credentials, a malformed request).
      return { status: "failed", reference: null, message: NOT_WORKING };
  }
}

/** Dollars with two decimals, as Authorize.net reads amounts. */
const amount = (cents: number) => formatCents(cents).replace(/[$,]/g, "");

/** refId: up to 20 characters; the idempotency key's hash, so the gateway's log ties to the shop's record. */
const refIdOf = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 20);

export function createAuthorizeNet(settings: AuthorizeNetSettings, fetcher: typeof fetch = fetch): PaymentProvider {
  const merchantAuthentication = { name: settings.apiLoginId, transactionKey: settings.transactionKey };

  /** One request to the API; null when it did not answer in time or answered something unreadable. */
  async function post<Answer>(request: Record<string, unknown>): Promise<Answer | null> {
    try {
      const response = await fetcher(settings.apiUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      // The API starts its JSON with a byte-order mark.
      return JSON.parse((await response.text()).replace(/^\uFEFF/, "")) as Answer;
    } catch {
      return null;
    }
  }

  async function transaction(request: PaymentRequest, body: Record<string, unknown>): Promise<ProviderAnswer> {
    const answer = await post<TransactionAnswer>({
      createTransactionRequest: {
        merchantAuthentication,
        refId: refIdOf(request.idempotencyKey),
        transactionRequest: body,
      },
    });
    if (answer === null) return { status: "failed", reference: null, message: NOT_ANSWERED, raw: {} };
    return { ...readAnswer(answer), raw: { ...answer } };
  }

  /** A new charge from the hosted form's token: held (authOnly) or taken at once (authCapture). */
  function charge(type: "authOnlyTransaction" | "authCaptureTransaction", request: PaymentRequest) {
    if (!request.card) {
      return Promise.resolve<ProviderAnswer>({
        status: "failed",
        reference: null,
        message: "Please enter your card in the card form.",
        raw: {},
      });
    }
    const { token, billTo } = request.card;
    return transaction(request, {
      transactionType: type,
      amount: amount(request.amountCents),
      payment: { opaqueData: { dataDescriptor: token.descriptor, dataValue: token.value } },
      order: { invoiceNumber: request.order.number.slice(0, 20), description: `Order ${request.order.number}` },
      billTo: { ...billTo, country: "US" },
    });
  }

  /** A step on an earlier transaction (capture, void or refund); refused in words without one. */
  function onEarlier(request: PaymentRequest, body: (reference: string) => Record<string, unknown>) {
    const reference = request.earlier?.reference;
    if (!reference) {
      return Promise.resolve<ProviderAnswer>({
        status: "failed",
        reference: null,
        message: "There is no card payment on this order to act on.",
        raw: {},
      });
    }
    return transaction(request, body(reference));
  }

  return {
    id: "authorize-net",
    takes: "at_shipping",
    holdDays: AUTHORIZE_NET_HOLD_DAYS,

    authorize: (request) => charge("authOnlyTransaction", request),

    capture(request) {
      if (request.card) return charge("authCaptureTransaction", request);
      return onEarlier(request, (refTransId) => ({
        transactionType: "priorAuthCaptureTransaction",
        amount: amount(request.amountCents),
        refTransId,
      }));
    },

    void: (request) => onEarlier(request, (refTransId) => ({ transactionType: "voidTransaction", refTransId })),

    refund(request) {
      // A refund names the card by its last four digits, which the payment's answer gave.
      const account = String((request.earlier?.raw.transactionResponse as { accountNumber?: string })?.accountNumber);
      return onEarlier(request, (refTransId) => ({
        transactionType: "refundTransaction",
        amount: amount(request.amountCents),
        payment: { creditCard: { cardNumber: account.slice(-4), expirationDate: "XXXX" } },
        refTransId,
      }));
    },

    async webhook(request: WebhookRequest): Promise<WebhookEvent[]> {
      if (!signatureHolds(request, settings.signatureKey)) {
        throw new WebhookRefused("The webhook's X-ANET-Signature does not match its body.");
      }
      const notification = JSON.parse(request.body) as {
        notificationId?: string;
        eventType?: string;
        eventDate?: string;
        payload?: { id?: string; responseCode?: number; authAmount?: number; entityName?: string };
      };
      const at = Date.parse(notification.eventDate ?? "");
      if (!Number.isFinite(at) || Date.now() - at > WEBHOOK_MAX_AGE_MS) {
        throw new WebhookRefused("The webhook is too old, or has no date: it is refused as a replay.");
      }
      const kind = WEBHOOK_KINDS[notification.eventType ?? ""];
      const transId = notification.payload?.id;
      if (!kind || !transId || !notification.notificationId) return [];
      // The order it belongs to comes from the gateway itself, not from the webhook's word.
      const details = await post<{
        transaction?: { order?: { invoiceNumber?: string }; authAmount?: number; settleAmount?: number };
      }>({ getTransactionDetailsRequest: { merchantAuthentication, transId } });
      const orderNumber = details?.transaction?.order?.invoiceNumber;
      if (!orderNumber) throw new Error(`Authorize.net did not say which order transaction ${transId} belongs to.`);
      return [
        {
          orderNumber,
          kind,
          status: notification.payload?.responseCode === 1 ? "succeeded" : "declined",
          amountCents: Math.round((notification.payload?.authAmount ?? 0) * 100),
          method: "Card",
          reference: transId,
          eventId: `authorize-net:${notification.notificationId}`,
          raw: { eventType: notification.eventType, eventDate: notification.eventDate, payload: notification.payload },
        },
      ];
    },
  };
}

/** Payment events and the record each is kept as; the others (fraud, customer profiles) are not the shop's. */
const WEBHOOK_KINDS: Record<string, PaymentRecordKind> = {
  "net.authorize.payment.authorization.created": "authorization",
  "net.authorize.payment.authcapture.created": "payment",
  "net.authorize.payment.capture.created": "payment",
  "net.authorize.payment.priorAuthCapture.created": "payment",
  "net.authorize.payment.refund.created": "refund",
  "net.authorize.payment.void.created": "void",
};

/** A webhook the shop refuses: a bad signature or a replay (answered 401). */
export class WebhookRefused extends Error {}

/** `X-ANET-Signature: sha512=<hex>`: HMAC-SHA512 of the body's bytes with the signature key. */
export function signatureHolds(request: WebhookRequest, signatureKey: string): boolean {
  const header = request.headers["x-anet-signature"] ?? "";
  const match = /^sha512=([0-9a-f]{128})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac("sha512", signatureKey).update(request.body, "utf8").digest();
  return timingSafeEqual(Buffer.from(match[1] as string, "hex"), expected);
}

/** The signature Authorize.net puts on a body (the simulator signs with it). */
export function signBody(body: string, signatureKey: string): string {
  return `sha512=${createHmac("sha512", signatureKey).update(body, "utf8").digest("hex").toUpperCase()}`;
}
