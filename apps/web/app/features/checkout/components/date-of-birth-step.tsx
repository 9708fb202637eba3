import { zodResolver } from "@hookform/resolvers/zod";
import { type DateOfBirthInput, dateOfBirthSchema } from "@shop/shared";
import { type CartItem, dayOf, formatDate, orderLines, purchaseAgeProblem } from "@shop/shared/rules";
import { AlertCircle, ArrowRight, IdCard } from "lucide-react";
import { useEffect, useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { href, Link, useFetcher } from "react-router";
import { z } from "zod";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { requestErrorOf } from "../../../lib/api-error.ts";
import { useQuote } from "../../../lib/cart-quote.ts";
import { showServerErrors } from "../../../lib/form-errors.ts";
import type { CheckoutAnswer } from "../checkout-answer.ts";
import { OrderReview } from "./order-review.tsx";

const section = "rounded-2xl border border-line bg-white p-5 sm:p-6";

/** Today as YYYY-MM-DD (UTC, as the server counts ages). */
const today = () => dayOf(new Date());

/** A real date of birth at least the purchase age, checked before it is saved (the server checks the order again). */
function purchaseDateOfBirthSchema(minAge: number) {
  return z.strictObject({
    dateOfBirth: dateOfBirthSchema.superRefine((value, context) => {
      const problem = purchaseAgeProblem(value, today(), minAge);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  });
}

interface Props {
  items: readonly CartItem[];
  /** The purchase age from the settings. */
  minAge: number;
  /** The date on the account: null asks for it; a date here is under the purchase age. */
  dateOfBirth: string | null;
}

/** Why the date is asked, in the step's own words. */
function WhyWeAsk({ minAge }: { minAge: number }) {
  return (
    <p className="mt-1 text-muted text-sm">
      You must be {minAge} or older to buy from this shop. We ask once and keep it with your account; after that, only
      our staff can correct it.
    </p>
  );
}

/**
 * The checkout's date-of-birth step, for a buyer whose account has none (an account staff made) or
 * whose date is under the purchase age. The date is saved to the account when the buyer goes on,
 * once; a date under the purchase age is refused beside the field and not saved. There is no
 * "Place order" here: the order comes after the step.
 */
export function DateOfBirthStep({ items, minAge, dateOfBirth }: Props) {
  const id = useId();
  const lines = useMemo(() => orderLines(items), [items]);
  const quote = useQuote({ lines, fulfilment: "ship" });
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:gap-8">
      <section aria-labelledby={`${id}-title`} className={`${section} h-fit`}>
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
            <IdCard aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="font-semibold text-lg">
              Your date of birth
            </h2>
            <WhyWeAsk minAge={minAge} />
          </div>
        </div>
        {dateOfBirth ? <UnderAge minAge={minAge} dateOfBirth={dateOfBirth} /> : <DateOfBirthForm minAge={minAge} />}
      </section>
      <section aria-labelledby={`${id}-order`} className={`${section} h-fit space-y-4 lg:sticky lg:top-20`}>
        <h2 id={`${id}-order`} className="font-semibold text-lg">
          Your order
        </h2>
        <OrderReview
          items={items}
          quote={quote.quote ?? undefined}
          stale={false}
          loading={quote.loading}
          quoteError={null}
          onRetry={quote.retry}
          state={undefined}
          pickup={false}
          problems={[]}
        />
        {!dateOfBirth && (
          <p className="text-muted text-sm">The shipping address, payment method and "Place order" come next.</p>
        )}
      </section>
    </div>
  );
}

/**
 * Saves the date through the checkout page's action; once it is on the account the page reads it
 * again and the checkout takes the step's place. A refusal is said beside the field.
 */
function DateOfBirthForm({ minAge }: { minAge: number }) {
  const schema = useMemo(() => purchaseDateOfBirthSchema(minAge), [minAge]);
  const form = useForm<DateOfBirthInput>({ resolver: zodResolver(schema), defaultValues: { dateOfBirth: "" } });
  const { errors } = form.formState;
  const field = fieldProps(form, "checkout");
  const saving = useFetcher<CheckoutAnswer>();
  const { setError, setFocus } = form;
  useEffect(() => {
    const answer = saving.data;
    if (answer && "refusal" in answer) {
      showServerErrors(setError, requestErrorOf(answer.refusal, answer.status), ["dateOfBirth"], {}, { setFocus });
    }
  }, [saving.data, setError, setFocus]);

  async function save(values: DateOfBirthInput) {
    await saving.submit({ intent: "date-of-birth", ...values }, { method: "post", action: href("/cart/checkout") });
  }
  const busy = saving.state !== "idle";

  // A field's own message says it all; the form's message is for what no field explains.
  const rootMessage = errors.dateOfBirth ? undefined : errors.root?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="mt-5 space-y-5">
      <div className="max-w-sm">
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          required
          max={today()}
          {...field("dateOfBirth")}
        />
      </div>
      {rootMessage && (
        <p role="alert" className="flex gap-2 rounded-xl bg-red-50 px-3.5 py-2.5 text-red-800 text-sm">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{rootMessage}</span>
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Saving…" : "Save and continue"}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Button>
    </form>
  );
}

/** A date on the account under the purchase age: the reason, beside the date, and no way to order. */
function UnderAge({ minAge, dateOfBirth }: { minAge: number; dateOfBirth: string }) {
  return (
    <div className="mt-5 space-y-4">
      <dl className="text-sm">
        <dt className="text-muted">Date of birth on your account</dt>
        <dd className="mt-0.5 font-medium">{formatDate(dateOfBirth)}</dd>
      </dl>
      <div role="alert" className="flex gap-2 rounded-xl bg-red-50 px-3.5 py-2.5 text-red-800 text-sm">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-medium">You must be {minAge} or older to buy from this shop.</p>
          <p className="mt-1">
            If this date is wrong, please{" "}
            <Link to={href("/contact-us")} className="font-medium underline underline-offset-2">
              contact us
            </Link>
            : only our staff can correct it.
          </p>
        </div>
      </div>
      <Link
        to={href("/cart")}
        className="inline-block font-medium text-brand-700 text-sm underline-offset-4 hover:underline"
      >
        Back to your cart
      </Link>
    </div>
  );
}
