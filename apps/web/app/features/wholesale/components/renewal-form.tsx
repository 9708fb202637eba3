import { WHOLESALE_DOCUMENT_KINDS, wholesaleDocumentKindLabels } from "@shop/shared/constants";
import { Form, useNavigation } from "react-router";
import { SelectField, TextField } from "../../../components/form/field.tsx";
import { StateOptions } from "../../../components/form/state-options.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import type { WholesaleAnswer } from "../wholesale-forms.server.ts";
import { DocumentFileInput } from "./document-file-input.tsx";

/**
 * A renewed licence or certificate, or one for another state: sent as a plain multipart form, it
 * waits for staff's review; the one before counts until it runs out.
 */
export function RenewalForm({ action, answer }: { action: string; answer: WholesaleAnswer | undefined }) {
  const busy = useNavigation().state === "submitting";
  const refusal = answer && "fields" in answer ? answer : undefined;
  const errors = refusal?.fields ?? {};
  const values = refusal?.values ?? {};
  const field = (name: string, label: string) => ({
    id: `renewal-${name}`,
    name,
    label,
    error: errors[name],
    defaultValue: values[name] ?? "",
    required: true,
  });
  return (
    <section aria-labelledby="wholesale-renewal" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h3 id="wholesale-renewal" className="font-semibold text-lg">
        Send a renewed or new licence or certificate
      </h3>
      <p className="mt-1 text-muted text-sm">
        Send it before the one you have expires: we review it, and an expired licence stops wholesale orders to its
        state.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        action={action}
        preventScrollReset
        noValidate
        className="mt-4 space-y-5"
      >
        <input type="hidden" name="intent" value="document" />
        {refusal && <StatusMessage status={{ kind: "error", text: refusal.message }} />}
        {answer && "done" in answer && <StatusMessage status={{ kind: "success", text: answer.done }} />}
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField {...field("kind", "What it is")}>
            {WHOLESALE_DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {wholesaleDocumentKindLabels[kind]}
              </option>
            ))}
          </SelectField>
          <SelectField {...field("state", "State")}>
            <StateOptions choose="disabled" />
          </SelectField>
          <TextField {...field("number", "Number")} />
          <TextField {...field("expiresOn", "Valid through")} type="date" />
          <div className="sm:col-span-2">
            <DocumentFileInput id="renewal-file" name="file" label="File" error={errors.file} />
          </div>
        </div>
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send for review
        </SubmitButton>
      </Form>
    </section>
  );
}
