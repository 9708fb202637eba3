import { WHOLESALE_TERMS_DAYS } from "@shop/shared/constants";
import { type FormEvent, useId, useState } from "react";
import { inputClass } from "../../../components/form/field.tsx";
import { Button } from "../../../components/ui/button.tsx";

/**
 * A Manager's decision on an application: approve with payment terms (none, net 15, net 30), or
 * refuse with a reason the applicant is e-mailed.
 */
export function ReviewPanel({
  busy,
  onApprove,
  onRefuse,
}: {
  busy: boolean;
  onApprove: (termsDays: 15 | 30 | null) => void;
  onRefuse: (reason: string) => void;
}) {
  const id = useId();
  const [terms, setTerms] = useState<"none" | "15" | "30">("none");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);

  function refuse(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError("Please say why, in a few words: the applicant reads it.");
      return;
    }
    setReasonError(null);
    onRefuse(reason.trim());
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border-2 border-amber-300 bg-amber-50 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="font-semibold text-amber-950 text-lg">
        Review this application
      </h2>
      <p className="mt-1 text-amber-950 text-sm">
        Check the licence and each certificate against the state's register before you approve. The applicant is
        e-mailed either way.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) onApprove(terms === "none" ? null : (Number(terms) as 15 | 30));
          }}
          className="rounded-xl border border-line bg-white p-4"
        >
          <fieldset>
            <legend className="font-medium text-sm">Payment terms</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {(["none", ...WHOLESALE_TERMS_DAYS.map(String)] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-terms`}
                    value={value}
                    checked={terms === value}
                    onChange={() => setTerms(value as typeof terms)}
                    className="size-4 accent-brand-700"
                  />
                  {value === "none" ? "None (pays at order)" : `Net ${value}`}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" className="mt-4" aria-disabled={busy || undefined}>
            Approve account
          </Button>
        </form>
        <form onSubmit={refuse} className="rounded-xl border border-line bg-white p-4" noValidate>
          <label htmlFor={`${id}-reason`} className="block font-medium text-sm">
            Reason for refusing
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={1000}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            className={`mt-1.5 ${inputClass}`}
          />
          {reasonError && (
            <p id={`${id}-reason-error`} className="mt-1.5 font-medium text-red-700 text-sm">
              {reasonError}
            </p>
          )}
          <Button type="submit" variant="danger" className="mt-3" aria-disabled={busy || undefined}>
            Refuse application
          </Button>
        </form>
      </div>
    </section>
  );
}
