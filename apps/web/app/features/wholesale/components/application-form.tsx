import type { WholesaleAccount } from "@shop/shared";
import { WHOLESALE_CERTIFICATES_MAX } from "@shop/shared/constants";
import { Plus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { SelectField, TextField } from "../../../components/form/field.tsx";
import { StateOptions } from "../../../components/form/state-options.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import type { CertificateValues, WholesaleAnswer } from "../wholesale-forms.server.ts";
import { DocumentFileInput } from "./document-file-input.tsx";

type Refusal = Extract<WholesaleAnswer, { fields: unknown }>;

/** The details of a refused application, to send again with what changed. */
function valuesOf(account: WholesaleAccount | null): Record<string, string> {
  if (!account) return {};
  const licence = account.documents.find((document) => document.kind === "licence");
  return {
    businessName: account.businessName,
    ein: account.ein,
    storeLine1: account.store.line1,
    storeLine2: account.store.line2 ?? "",
    storeCity: account.store.city,
    storeState: account.store.state,
    storeZip: account.store.zip,
    licenceNumber: licence?.number ?? "",
    licenceState: licence?.state ?? "",
  };
}

/**
 * The application for a wholesale account (docs/decisions/102): the business, the store it ships
 * to, the state licence and a resale certificate per state, each with its file. A plain multipart
 * form posted to the page's action, so it works without JavaScript; a refusal puts each problem
 * beside its field and fills in what was typed (files must be chosen again).
 */
export function ApplicationForm({
  action,
  rows,
  refusal,
  earlier,
}: {
  action: string;
  /** How many certificate rows to show. */
  rows: number;
  refusal: Refusal | undefined;
  /** A refused application, whose details fill the form. */
  earlier: WholesaleAccount | null;
}) {
  const busy = useNavigation().state === "submitting";
  const values = refusal?.values ?? valuesOf(earlier);
  const errors = refusal?.fields ?? {};
  const certificates: CertificateValues[] = Array.from(
    { length: Math.max(rows, refusal?.certificates.length ?? 0) },
    (_, row) => refusal?.certificates[row] ?? { state: "", number: "", expiresOn: "" },
  );
  const field = (name: string, label: string) => ({
    id: `wholesale-${name}`,
    name,
    label,
    error: errors[name],
    defaultValue: values[name] ?? "",
  });
  const more = Math.min(certificates.length + 1, WHOLESALE_CERTIFICATES_MAX);
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      preventScrollReset
      className="space-y-6"
      noValidate
    >
      <input type="hidden" name="intent" value="apply" />
      {refusal && (
        <StatusMessage
          status={{
            kind: "error",
            text: `${refusal.message}${Object.keys(errors).length > 0 ? " Please choose your files again before you send the form." : ""}`,
          }}
        />
      )}
      <section aria-labelledby="wholesale-business" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="wholesale-business" className="font-semibold text-lg">
          Your business
        </h3>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField {...field("businessName", "Business's legal name")} autoComplete="organization" required />
          </div>
          <TextField
            {...field("ein", "EIN (federal tax ID)")}
            hint="9 digits, as NN-NNNNNNN"
            placeholder="12-3456789"
            inputMode="numeric"
            required
          />
        </div>
      </section>

      <section aria-labelledby="wholesale-store" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="wholesale-store" className="font-semibold text-lg">
          Store address
        </h3>
        <p className="mt-1 text-muted text-sm">Where wholesale orders are shipped: the store the licence is for.</p>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField {...field("storeLine1", "Street address")} autoComplete="address-line1" required />
          </div>
          <div className="sm:col-span-2">
            <TextField {...field("storeLine2", "Suite, unit (optional)")} autoComplete="address-line2" />
          </div>
          <TextField {...field("storeCity", "City")} autoComplete="address-level2" required />
          <SelectField {...field("storeState", "State")} autoComplete="address-level1" required>
            <StateOptions choose="disabled" />
          </SelectField>
          <TextField {...field("storeZip", "ZIP code")} inputMode="numeric" autoComplete="postal-code" required />
        </div>
      </section>

      <section aria-labelledby="wholesale-licence" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="wholesale-licence" className="font-semibold text-lg">
          State tobacco or vapor retail licence
        </h3>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <TextField {...field("licenceNumber", "Licence number")} required />
          <SelectField {...field("licenceState", "Issuing state")} required>
            <StateOptions choose="disabled" />
          </SelectField>
          <TextField {...field("licenceExpiresOn", "Valid through")} type="date" required />
          <DocumentFileInput
            id="wholesale-licenceFile"
            name="licenceFile"
            label="Licence file"
            error={errors.licenceFile}
          />
        </div>
      </section>

      <section aria-labelledby="wholesale-certificates" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h3 id="wholesale-certificates" className="font-semibold text-lg">
          Resale certificates
        </h3>
        <p className="mt-1 text-muted text-sm">One for each state you buy for. A row you leave empty is not sent.</p>
        {errors.certificates && <p className="mt-2 font-medium text-red-700 text-sm">{errors.certificates}</p>}
        <ol className="mt-4 space-y-5">
          {certificates.map((certificate, row) => {
            const name = (part: string) => `certificates.${row}.${part}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are places in the form, not items
              <li key={row} className="rounded-xl border border-line p-4">
                <fieldset>
                  <legend className="font-medium text-sm">Certificate {row + 1}</legend>
                  <div className="mt-3 grid gap-5 sm:grid-cols-2">
                    <SelectField
                      id={`wholesale-certificate-${row}-state`}
                      name="certificateState"
                      label="State"
                      error={errors[name("state")]}
                      defaultValue={certificate.state}
                      required={row === 0}
                    >
                      <StateOptions />
                    </SelectField>
                    <TextField
                      id={`wholesale-certificate-${row}-number`}
                      name="certificateNumber"
                      label="Certificate number"
                      error={errors[name("number")]}
                      defaultValue={certificate.number}
                      required={row === 0}
                    />
                    <TextField
                      id={`wholesale-certificate-${row}-expiresOn`}
                      name="certificateExpiresOn"
                      label="Valid through"
                      type="date"
                      error={errors[name("expiresOn")]}
                      defaultValue={certificate.expiresOn}
                      required={row === 0}
                    />
                    <DocumentFileInput
                      id={`wholesale-certificate-${row}-file`}
                      name="certificateFile"
                      label="Certificate file"
                      error={errors[name("file")]}
                      required={row === 0}
                    />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        {certificates.length < WHOLESALE_CERTIFICATES_MAX && (
          <Link
            to={`?certificates=${more}`}
            preventScrollReset
            className="mt-4 inline-flex items-center gap-1.5 font-medium text-brand-700 text-sm underline-offset-4 hover:underline"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add a row for another state
          </Link>
        )}
      </section>

      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send application
        </SubmitButton>
        <p className="text-muted text-sm">Your documents are kept privately and read only by our staff.</p>
      </div>
    </Form>
  );
}
