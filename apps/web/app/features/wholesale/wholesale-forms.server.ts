import type { User } from "@shop/shared";
import { type AppLoadContext, data } from "react-router";
import { serviceAnswer } from "../../lib/service-answer.server.ts";

/** The text fields of the application form (its certificates' rows aside). */
export const APPLICATION_FIELDS = [
  "businessName",
  "ein",
  "storeLine1",
  "storeLine2",
  "storeCity",
  "storeState",
  "storeZip",
  "licenceNumber",
  "licenceState",
  "licenceExpiresOn",
] as const;
const DOCUMENT_FIELDS = ["kind", "state", "number", "expiresOn"] as const;

export interface CertificateValues {
  state: string;
  number: string;
  expiresOn: string;
}

/**
 * What the wholesale page shows after one of its forms was sent: a word of success, or the
 * refusal with each problem beside its field (a certificate's as `certificates.<row>.<field>`, by
 * the row of the form) and what was typed, to fill the form again (files cannot be).
 */
export type WholesaleAnswer =
  | { intent: "apply" | "document"; done: string }
  | {
      intent: "apply" | "document";
      message: string;
      fields: Record<string, string>;
      values: Record<string, string>;
      certificates: CertificateValues[];
    };

const textOf = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");
async function fileOf(value: FormDataEntryValue | null | undefined): Promise<Buffer | null> {
  return value instanceof File && value.size > 0 ? Buffer.from(await value.arrayBuffer()) : null;
}

/**
 * The wholesale page's two multipart forms (docs/decisions/102), each through the wholesale
 * service as its /api route calls it: the application (`intent=apply`) and a later licence or
 * certificate (`intent=document`). A certificate row left wholly blank is not a certificate.
 */
export async function sendWholesaleForm(request: Request, user: User, context: AppLoadContext) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<WholesaleAnswer>(
      {
        intent: "apply",
        message: "The form could not be read: please send it again.",
        fields: {},
        values: {},
        certificates: [],
      },
      { status: 400 },
    );
  }
  const { wholesaleAccounts } = context.services;
  const refused = (
    intent: WholesaleAnswer["intent"],
    status: number,
    problem: { message: string; fields?: Record<string, string> | undefined },
    values: Record<string, string>,
    certificates: CertificateValues[] = [],
  ) =>
    data<WholesaleAnswer>(
      { intent, message: problem.message, fields: problem.fields ?? {}, values, certificates },
      { status },
    );

  if (form.get("intent") === "document") {
    const values = Object.fromEntries(DOCUMENT_FIELDS.map((name) => [name, textOf(form.get(name))]));
    const file = await fileOf(form.get("file"));
    const answer = await serviceAnswer(() => wholesaleAccounts.addDocument(user, { details: values, file }));
    if (!answer.ok) return refused("document", answer.status, answer.refusal.problem, values);
    return data<WholesaleAnswer>({
      intent: "document",
      done: "Thank you: we review it and e-mail you once it is decided.",
    });
  }

  const values = Object.fromEntries(APPLICATION_FIELDS.map((name) => [name, textOf(form.get(name))]));
  const states = form.getAll("certificateState").map(textOf);
  const numbers = form.getAll("certificateNumber").map(textOf);
  const expiries = form.getAll("certificateExpiresOn").map(textOf);
  const files = await Promise.all(form.getAll("certificateFile").map(fileOf));
  const rows = Array.from(
    { length: Math.max(states.length, numbers.length, expiries.length, files.length) },
    (_, row) => ({
      row,
      values: { state: states[row] ?? "", number: numbers[row] ?? "", expiresOn: expiries[row] ?? "" },
      file: files[row] ?? null,
    }),
  );
  const filled = rows.filter(
    ({ values: row, file }) => row.state !== "" || row.number.trim() !== "" || row.expiresOn !== "" || file !== null,
  );
  const answer = await serviceAnswer(async () =>
    wholesaleAccounts.apply(user, {
      details: { ...values, storeLine2: values.storeLine2 || undefined, certificates: filled.map((row) => row.values) },
      licenceFile: await fileOf(form.get("licenceFile")),
      certificateFiles: filled.map((row) => row.file),
    }),
  );
  if (!answer.ok) {
    const { message, fields = {} } = answer.refusal.problem;
    // A certificate's problem names its place among those sent; the form names its row.
    const byRow = Object.fromEntries(
      Object.entries(fields).map(([name, words]) => {
        const match = /^certificates\.(\d+)\.(\w+)$/.exec(name);
        const row = match ? filled[Number(match[1])]?.row : undefined;
        return [row === undefined || !match ? name : `certificates.${row}.${match[2]}`, words];
      }),
    );
    return refused(
      "apply",
      answer.status,
      { message, fields: byRow },
      values,
      rows.map((row) => row.values),
    );
  }
  return data<WholesaleAnswer>({
    intent: "apply",
    done: "Thank you: your application is sent. We review it and e-mail you with our answer.",
  });
}
