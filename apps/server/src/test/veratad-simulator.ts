import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  VERATAD_AGEMATCH_SERVICE,
  VERATAD_AGEMATCH_URL,
  VERATAD_DCAMS_SERVICE,
  VERATAD_DCAMS_URL,
} from "../modules/identity/veratad.ts";

// A local Veratad (docs/decisions/099): a real HTTP server that speaks the documented AgeMatch and
// DCAMS requests and answers, so the adapter is tested over the wire. The target's last name picks
// the answer, as Veratad's test keys do: "Nomatch" has no record, "Minor" may be under age,
// "Deceased" is a dead person's identity, "Down" finds the data sources down, "Slow" answers after
// `slowMs`; anyone else passes when the date of birth gives the age asked. A document passes unless
// the last name is "Unreadable" or `documentOutcome` says otherwise.

export const SIMULATOR_USER = "shop-test";
export const SIMULATOR_PASS = "simulator-secret";

/** A request as the simulator received it, without the password. */
export interface ReceivedVeratadRequest {
  path: string;
  service: string;
  reference: string;
  rules: string | undefined;
  target: Record<string, unknown>;
  documentSides: string[];
}

export interface VeratadSimulatorOptions {
  user?: string;
  pass?: string;
  /** How long "Slow" waits before answering. */
  slowMs?: number;
}

/** Veratad's two hosts answer the same path; here each is a path of its own under the host's name. */
const simulated = (url: string) => {
  const { hostname, pathname } = new URL(url);
  return `/${hostname}${pathname}`;
};
const AGEMATCH_PATH = simulated(VERATAD_AGEMATCH_URL);
const DCAMS_PATH = simulated(VERATAD_DCAMS_URL);

function ageOn(yyyymmdd: string, today: Date): number {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

export async function startVeratadSimulator(options: VeratadSimulatorOptions = {}) {
  const user = options.user ?? SIMULATOR_USER;
  const pass = options.pass ?? SIMULATOR_PASS;
  const received: ReceivedVeratadRequest[] = [];
  const state = {
    /** Overrides the document's answer for every last name while set. */
    documentOutcome: null as null | "PASS" | "FAIL",
  };

  function answer(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  }

  function result(service: string, reference: string, action: "PASS" | "FAIL", detail: string, extra = {}) {
    return {
      meta: {
        confirmation: `sim-${randomUUID()}`,
        reference,
        service,
        timestamp: new Date().toISOString(),
        company: "Simulated Shop",
        user,
      },
      result: { action, detail, issues: [] },
      ...extra,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = request.url ?? "";
    if (request.method !== "POST" || (path !== AGEMATCH_PATH && path !== DCAMS_PATH)) {
      return answer(response, 404, { error: "not found" });
    }
    const body = await readJson(request);
    if (!body) return answer(response, 400, { error: "the body is not JSON" });
    if (body.user !== user || body.pass !== pass) return answer(response, 401, { error: "invalid credentials" });
    const service = String(body.service ?? "");
    const reference = String(body.reference ?? "");
    const target = (body.target ?? {}) as Record<string, unknown>;
    const document = (target.document ?? null) as Record<string, unknown> | null;
    const expected = path === AGEMATCH_PATH ? VERATAD_AGEMATCH_SERVICE : VERATAD_DCAMS_SERVICE;
    if (service !== expected || !reference) return answer(response, 400, { error: "unknown service or no reference" });
    const { document: _document, ...targetWithoutDocument } = target;
    received.push({
      path,
      service,
      reference,
      rules: typeof body.rules === "string" ? body.rules : undefined,
      target: targetWithoutDocument,
      documentSides: document ? Object.keys(document) : [],
    });
    for (const field of ["fn", "ln", "addr", "city", "state", "zip"]) {
      if (typeof target[field] !== "string" || target[field] === "") {
        return answer(response, 400, { error: `target.${field} is required` });
      }
    }
    const dob = String(target.dob ?? "");
    if (!/^\d{8}$/.test(dob)) return answer(response, 400, { error: "target.dob must be YYYYMMDD" });
    const lastName = String(target.ln).toLowerCase();
    if (lastName === "slow") await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 3_000));
    if (response.destroyed) return;
    if (lastName === "down")
      return answer(response, 200, result(service, reference, "FAIL", "SERVICE CANNOT BE COMPLETED"));
    const age = /^(\d+)\+$/.exec(String(target.age ?? ""));
    if (!age) return answer(response, 200, result(service, reference, "FAIL", "AGE NOT SUBMITTED"));
    if (lastName === "minor") return answer(response, 200, result(service, reference, "FAIL", "POSSIBLE MINOR"));
    if (lastName === "deceased") return answer(response, 200, result(service, reference, "FAIL", "TARGET IS DECEASED"));
    const oldEnough = ageOn(dob, new Date()) >= Number(age[1]);
    if (path === AGEMATCH_PATH) {
      if (lastName === "nomatch") return answer(response, 200, result(service, reference, "FAIL", "NO MATCH"));
      if (!oldEnough) return answer(response, 200, result(service, reference, "FAIL", "AGE NOT VERIFIED"));
      return answer(response, 200, result(service, reference, "PASS", "ALL CHECKS PASSED"));
    }
    if (!document || typeof document.front !== "string" || document.front.length === 0) {
      return answer(response, 400, { error: "target.document.front is required" });
    }
    const outcome = state.documentOutcome ?? (lastName === "unreadable" || !oldEnough ? "FAIL" : "PASS");
    const documents = {
      FirstName: String(target.fn).toUpperCase(),
      LastName: String(target.ln).toUpperCase(),
      DateOfBirth: `${dob.slice(4, 6)}/${dob.slice(6, 8)}/${dob.slice(0, 4)}`,
      ExpirationDate: "12/31/2030",
      DocumentType: "Drivers License",
    };
    return answer(
      response,
      200,
      result(service, reference, outcome, outcome === "PASS" ? "ALL CHECKS PASSED" : "DOCUMENT NOT VERIFIED", {
        output: { documents },
      }),
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, { error: "simulator error" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    state,
    received,
    ageMatchUrl: `${base}${AGEMATCH_PATH}`,
    dcamsUrl: `${base}${DCAMS_PATH}`,
    /** The environment that points the shop at this simulator. */
    env: {
      VERATAD_USER: user,
      VERATAD_PASS: pass,
      VERATAD_AGEMATCH_URL: `${base}${AGEMATCH_PATH}`,
      VERATAD_DCAMS_URL: `${base}${DCAMS_PATH}`,
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type VeratadSimulator = Awaited<ReturnType<typeof startVeratadSimulator>>;
