import type { IdentityStep } from "@shop/shared";
import { IdCard } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import type { IdAnswer } from "./send-id.server.ts";

const fileInput =
  "mt-1.5 block w-full rounded-xl border border-line bg-white text-sm file:mr-3 file:rounded-l-xl file:border-0 file:bg-amber-100 file:px-4 file:py-2.5 file:font-medium file:text-amber-950 focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * The next step of an order whose buyer the identity check did not match (decision 099): photos
 * of the ID's front and back, sent as a form that works without JavaScript, and why the last ones
 * were refused. Kept privately; the shop uses them only for this check.
 */
export function IdentityStepPanel({
  step,
  action,
  answer,
}: {
  step: IdentityStep;
  action: string;
  answer: IdAnswer | null;
}) {
  const busy = useNavigation().state === "submitting";
  const refused = answer?.identity === "refused" ? answer : null;
  const reason = refused?.message ?? (step.reason && `We could not verify the last photos: ${step.reason}.`);
  const describedBy = (field: "front" | "back") =>
    refused?.field === field ? "identity-refusal" : `identity-${field}-hint`;
  return (
    <section
      aria-labelledby="order-identity"
      className="rounded-2xl border-2 border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
    >
      <h3 id="order-identity" className="flex items-center gap-2 font-semibold text-lg">
        <IdCard aria-hidden="true" className="size-5 shrink-0" />
        Next step: upload a photo of your ID
      </h3>
      <p className="mt-2 leading-relaxed">
        The law asks us to confirm the age and identity of everyone who buys vapes. Your name, date of birth and address
        did not match a public record, so we hold your items while you send a photo of your driver's license or state
        ID. We ask for payment once it is checked.
      </p>
      {reason && <StatusMessage status={{ kind: "error", text: reason }} className="mt-4 sm:max-w-xl" />}
      {step.attemptsLeft > 0 ? (
        <Form method="post" action={action} encType="multipart/form-data" preventScrollReset className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2 sm:max-w-2xl">
            <div>
              <label htmlFor="identity-front" className="font-medium text-sm">
                Front of your ID
              </label>
              <input
                id="identity-front"
                name="front"
                type="file"
                required
                accept="image/jpeg,image/png,image/webp"
                aria-describedby={describedBy("front")}
                aria-invalid={refused?.field === "front" || undefined}
                className={fileInput}
              />
              <p id="identity-front-hint" className="mt-1 text-amber-900 text-xs">
                JPEG, PNG or WebP, at most 10 MB. All four corners in the picture.
              </p>
            </div>
            <div>
              <label htmlFor="identity-back" className="font-medium text-sm">
                Back of your ID (if it has a barcode)
              </label>
              <input
                id="identity-back"
                name="back"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-describedby={describedBy("back")}
                aria-invalid={refused?.field === "back" || undefined}
                className={fileInput}
              />
              <p id="identity-back-hint" className="mt-1 text-amber-900 text-xs">
                Most U.S. cards carry a barcode on the back that speeds up the check.
              </p>
            </div>
          </div>
          {refused && (
            <span id="identity-refusal" className="sr-only">
              {refused.message}
            </span>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? "Checking…" : "Send photos for checking"}
            </Button>
            <p className="text-amber-900 text-sm">
              {step.attemptsLeft === 1 ? "1 try left." : `${step.attemptsLeft} tries left.`} Kept privately, used only
              for this check.
            </p>
          </div>
        </Form>
      ) : (
        <p className="mt-4 font-medium">
          We could not verify your ID from the photos sent. Please contact us about this order.
        </p>
      )}
    </section>
  );
}
