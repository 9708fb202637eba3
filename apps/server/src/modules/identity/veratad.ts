import { randomUUID } from "node:crypto";
import type {
  AgeVerificationProvider,
  AgeVerificationRequest,
  AgeVerificationResult,
  DocumentVerificationResult,
} from "../checkout/age-verification.ts";

/**
 * Veratad's age and identity check (docs/decisions/099), over its documented JSON protocol: AgeMatch
 * compares the name, date of birth and address with its records; when none matches, DCAMS reads a
 * photo of the buyer's ID. The account's user and password go in every request's body and nowhere
 * else: never logged, never answered.
 */
export interface VeratadOptions {
  user: string;
  pass: string;
  /** Veratad's sandbox: every answer is the named test case (such as "general_identity"). */
  testKey?: string | undefined;
  ageMatchUrl?: string | undefined;
  dcamsUrl?: string | undefined;
  /** DCAMS's rule set: what of the ID must match. */
  documentRules?: string | undefined;
  /** How long one request may take before the check counts as unavailable. */
  timeoutMs?: number | undefined;
}

export const VERATAD_AGEMATCH_URL = "https://production.idresponse.com/process/comprehensive/gateway";
export const VERATAD_DCAMS_URL = "https://docs.idresponse.com/process/comprehensive/gateway";
export const VERATAD_AGEMATCH_SERVICE = "AgeMatch5.0";
export const VERATAD_DCAMS_SERVICE = "DCAMSPLUS5.0.Enhanced";
const DEFAULT_DOCUMENT_RULES = "DCAMS5_0_Enhanced_RuleSet_NAME_DOB";
const DEFAULT_TIMEOUT_MS = 15_000;

/** The details Veratad answers with, and what each means for the order. */
const NO_RECORD = new Set(["NO MATCH", "AGE NOT VERIFIED"]);
const REFUSED: Record<string, string> = {
  "POSSIBLE MINOR": "the records say you may be under age",
  "TARGET IS DECEASED": "the records do not allow this identity to be used",
};
const UNAVAILABLE = "SERVICE CANNOT BE COMPLETED";

interface VeratadAnswer {
  meta?: { confirmation?: unknown };
  result?: { action?: unknown; detail?: unknown };
  output?: { documents?: Record<string, unknown> };
}

/** A Veratad failure that says nothing of the buyer: the order waits or is not placed. */
export class VeratadUnavailable extends Error {}

/** YYYY-MM-DD as Veratad's YYYYMMDD. */
const compactDate = (day: string) => day.replaceAll("-", "");

export function createVeratadProvider(options: VeratadOptions): AgeVerificationProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function targetOf(request: AgeVerificationRequest) {
    const { address } = request;
    return {
      fn: request.firstName,
      ln: request.lastName,
      addr: [address.line1, address.line2].filter(Boolean).join(" "),
      city: address.city,
      state: address.state,
      zip: address.zip,
      dob: compactDate(request.dateOfBirth),
      email: request.email,
      ...(address.phone ? { phone: address.phone } : {}),
      age: `${request.minAge ?? 21}+`,
      ...(options.testKey ? { test_key: options.testKey } : {}),
    };
  }

  /** One request; anything but a readable answer throws VeratadUnavailable with no secret in it. */
  async function ask(
    url: string,
    body: Record<string, unknown>,
  ): Promise<{ action: string; detail: string; confirmation: string }> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ user: options.user, pass: options.pass, ...body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new VeratadUnavailable(
        timedOut ? `Veratad did not answer within ${timeoutMs} ms` : "Veratad cannot be reached",
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new VeratadUnavailable(`Veratad answered HTTP ${response.status}`);
    }
    let answer: VeratadAnswer;
    try {
      answer = (await response.json()) as VeratadAnswer;
    } catch {
      throw new VeratadUnavailable("Veratad's answer was not JSON");
    }
    const action = answer.result?.action;
    const detail = typeof answer.result?.detail === "string" ? answer.result.detail.trim().toUpperCase() : "";
    if ((action !== "PASS" && action !== "FAIL") || detail === UNAVAILABLE) {
      throw new VeratadUnavailable(`Veratad could not complete the check (${detail || "no result"})`);
    }
    const confirmation = typeof answer.meta?.confirmation === "string" ? answer.meta.confirmation : "";
    return { action, detail, confirmation };
  }

  return {
    name: "Veratad",

    async verify(request): Promise<AgeVerificationResult> {
      const { action, detail, confirmation } = await ask(options.ageMatchUrl ?? VERATAD_AGEMATCH_URL, {
        service: VERATAD_AGEMATCH_SERVICE,
        reference: randomUUID(),
        target: targetOf(request),
      });
      if (action === "PASS") return { verified: true, reference: confirmation, detail };
      if (NO_RECORD.has(detail)) {
        return {
          verified: false,
          documentNeeded: true,
          reference: confirmation,
          detail,
          reason: "your name, date of birth and address did not match a record",
        };
      }
      const refused = REFUSED[detail];
      if (refused) return { verified: false, reference: confirmation, detail, reason: refused };
      // Any other failure (such as AGE NOT SUBMITTED) is the shop's request, not the buyer.
      throw new VeratadUnavailable(`Veratad refused the request (${detail})`);
    },

    async verifyDocument(request): Promise<DocumentVerificationResult> {
      const { action, detail, confirmation } = await ask(options.dcamsUrl ?? VERATAD_DCAMS_URL, {
        service: VERATAD_DCAMS_SERVICE,
        rules: options.documentRules ?? DEFAULT_DOCUMENT_RULES,
        reference: randomUUID(),
        target: {
          ...targetOf(request),
          document: {
            front: request.front.toString("base64"),
            ...(request.back ? { back: request.back.toString("base64") } : {}),
          },
        },
      });
      if (action === "PASS") return { verified: true, reference: confirmation, detail };
      return {
        verified: false,
        reference: confirmation,
        detail,
        reason: REFUSED[detail] ?? "the ID could not be read or does not match your name and date of birth",
      };
    },
  };
}
