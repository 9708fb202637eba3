import { type Address, BUYER_NOTE_MAX_LENGTH, type PublicSettings, type StoreAddress } from "@shop/shared";
import { MAX_ADDRESSES, type UsState } from "@shop/shared/constants";
import type { CartItem } from "@shop/shared/rules";
import { dayOf, lineName, orderLines } from "@shop/shared/rules";
import { AlertCircle, Lock } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { href, Link, useFetcher, useNavigate } from "react-router";
import { AddressLines } from "../../../components/address-lines.tsx";
import { type AddressFieldName, AddressFieldSet, EMPTY_ADDRESS } from "../../../components/form/address-fields.tsx";
import { Field, fieldProps, inputClass } from "../../../components/form/field.tsx";
import { PayeeDetails } from "../../../components/payee-details.tsx";
import { type LineRefusal, lineRefusals } from "../../../components/refusal.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type ApiRequestError, errorMessage, requestErrorOf } from "../../../lib/api-error.ts";
import { useQuote } from "../../../lib/cart-quote.ts";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { addressRequirementProblem } from "../address-requirements.ts";
import type { CheckoutAnswer } from "../checkout-answer.ts";
import {
  ageRefusals,
  type CheckoutValues,
  checkoutFieldNames,
  checkoutKey,
  checkoutResolver,
  forgetCheckoutKey,
  lineProblems,
  NEW_ADDRESS,
  placeOrderBody,
  placeOrderRefusal,
  quoteDestination,
  shippingState,
} from "../checkout-values.ts";
import { codeState, codeToPlace, rememberCode, rememberedCode } from "../discount-code-values.ts";
import { CardEntry, type CardForm, type CardToken } from "./card-entry.tsx";
import { DiscountCode } from "./discount-code.tsx";
import { OrderReview } from "./order-review.tsx";

const section = "rounded-2xl border border-line bg-white p-5 sm:p-6";
const legend = "font-semibold text-lg";
const card =
  "flex cursor-pointer gap-3 rounded-xl border border-line bg-white p-4 hover:border-brand-700 has-checked:border-brand-700 has-checked:bg-brand-50/60 has-checked:ring-1 has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-brand-700 has-focus-visible:outline-offset-2";
const radio = "mt-0.5 size-4 shrink-0 accent-brand-700";
/** Words for the API's field fragments ("is not one of the payment methods offered"). */
const fieldLabels = { paymentMethodId: "The payment method", fulfilment: "Pickup", buyerNote: "The note" };

/** The session storage, where the page may use it (not on the server, not when the browser refuses). */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-3 font-medium text-red-700 text-sm">
      {message}
    </p>
  );
}

/** What the form says when the order was refused, with the way on that the refusal calls for. */
function RefusalAlert({ message, refusal }: { message: string; refusal: ApiRequestError | null }): ReactNode {
  let way: ReactNode = null;
  if (refusal?.fields.dateOfBirth) way = <Link to={href("/account")}>Add your date of birth in your account</Link>;
  else if (refusal?.code === "idempotency_key_reused") way = <Link to={href("/account/orders")}>See your orders</Link>;
  else if (refusal?.code === "email_not_verified") way = <Link to={href("/account")}>Go to your account</Link>;
  return (
    <div role="alert" className="flex gap-2 rounded-xl bg-red-50 px-3.5 py-2.5 text-red-800 text-sm">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p>{message}</p>
        {way && <p className="mt-1 font-medium underline-offset-2 [&_a]:underline">{way}</p>}
      </div>
    </div>
  );
}

/**
 * The value once it has stayed the same for `ms` (the first value at once): a city typed letter by
 * letter asks the server once, not for every letter.
 */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/** An optional note for the shop: delivery instructions or anything the packer should know. */
function BuyerNoteField({ field, pickup }: { field: ReturnType<ReturnType<typeof fieldProps>>; pickup: boolean }) {
  const { id, error, ...textarea } = field;
  return (
    <Field
      id={id}
      label="Note for the shop (optional)"
      error={error}
      hint={`${pickup ? "Anything we should know for your pickup" : "Delivery instructions or anything we should know"}; ${BUYER_NOTE_MAX_LENGTH} characters at most.`}
    >
      {(describedBy) => (
        <textarea
          id={id}
          rows={2}
          maxLength={BUYER_NOTE_MAX_LENGTH}
          {...textarea}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} resize-y`}
        />
      )}
    </Field>
  );
}

interface Props {
  items: readonly CartItem[];
  addresses: readonly Address[];
  paymentMethods: PublicSettings["paymentMethods"];
  /** The shop's store, where the buyer may pick the order up instead; null when the shop only ships. */
  store: StoreAddress | null;
  /** The order is placed: the page empties the cart. */
  onPlaced: () => void;
  /** The state the buyer chose to ship to (remembered), for a new address's State until one is typed. */
  rememberedState?: UsState | null;
  /** The buyer's date of birth, to say before ordering that a line's rules ask an age not reached. */
  dateOfBirth?: string | null;
  /** The card gateway's hosted form, when the shop takes cards. */
  cardForm?: CardForm | null;
}

/**
 * The checkout on one page: where it ships (a saved address or a new one), how it is paid, and the
 * server's price of it, then "Place order". Every refusal is shown beside what caused it.
 */
export function CheckoutForm({
  items,
  addresses,
  paymentMethods,
  store,
  onPlaced,
  rememberedState = null,
  dateOfBirth = null,
  cardForm = null,
}: Props) {
  const id = useId();
  const navigate = useNavigate();
  const preferred = addresses.find((address) => address.isDefault) ?? addresses[0];
  const form = useForm<CheckoutValues>({
    resolver: checkoutResolver,
    defaultValues: {
      fulfilment: "ship",
      addressId: preferred?.id ?? NEW_ADDRESS,
      shippingAddress: { ...EMPTY_ADDRESS, ...(rememberedState ? { state: rememberedState } : {}) },
      saveAddress: addresses.length < MAX_ADDRESSES,
      paymentMethodId: "",
      buyerNote: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [fulfilment, addressId, typedState, typedCity, typedZip, paymentMethodId, typedLine1, typedLine2] = useWatch({
    control: form.control,
    name: [
      "fulfilment",
      "addressId",
      "shippingAddress.state",
      "shippingAddress.city",
      "shippingAddress.zip",
      "paymentMethodId",
      "shippingAddress.line1",
      "shippingAddress.line2",
    ],
  });
  const pickup = fulfilment === "pickup";
  const state = shippingState({ fulfilment, addressId, typedState }, addresses, store);
  const destination = useSettled(
    quoteDestination(
      { fulfilment, addressId, typed: { state: typedState, city: typedCity, zip: typedZip } },
      addresses,
      store,
    ),
    400,
  );

  const lines = useMemo(() => orderLines(items), [items]);
  // The code applied on the cart page comes along (session storage: read after hydration).
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => setCode(rememberedCode()), []);
  const quote = useQuote(
    lines.length > 0 ? { lines, fulfilment, ...destination, ...(code ? { discountCode: code } : {}) } : null,
  );
  const discount = codeState(code, quote.stale ? undefined : (quote.quote ?? undefined), quote.error !== null);
  const chooseCode = (next: string | null) => {
    rememberCode(next);
    setCode(next);
  };
  const [refusal, setRefusal] = useState<ApiRequestError | null>(null);
  const names = items.map(lineName);
  const quoteProblem = quote.error;
  const serverProblems = lineProblems(refusal ?? quoteProblem, names);
  const quoteLineRefused = serverProblems.some(Boolean) && !refusal;
  // The rules' verdicts of the quote for this destination (not the last one's while it loads).
  const verdicts = quote.stale ? undefined : quote.quote?.compliance;
  const today = dayOf(new Date());
  const tooYoung = ageRefusals(verdicts, items.length, { dateOfBirth, today });
  const ruled = lineRefusals(verdicts, items.length).map((ban, index) => ban ?? tooYoung[index]);
  // A refusal of the server (placing, or pricing) is the latest word on its line.
  const problems: (LineRefusal | undefined)[] = ruled.map((verdict, index) => {
    const said = serverProblems[index];
    return said ? { text: said, sourceUrl: null } : verdict;
  });
  // A wholesale order the shop would refuse (under the minimum, no valid licence there; decision 102).
  const wholesaleProblem = quote.stale ? null : (quote.quote?.wholesale?.problem ?? null);
  const blocked = placeOrderRefusal(names, ruled, pickup) ?? wholesaleProblem;

  // A card's one-time token from the gateway's hosted form; used up by an attempt the gateway answered.
  const [cardToken, setCardToken] = useState<CardToken | null>(null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const onCardAnswer = useCallback((answer: { token: CardToken } | { problem: string }) => {
    if ("token" in answer) {
      setCardToken(answer.token);
      setCardProblem(null);
    } else setCardProblem(answer.problem);
  }, []);

  // Made on the first attempt and kept for the retries of this one (see checkoutKey).
  const key = useRef<string | null>(null);
  const placing = useFetcher<CheckoutAnswer>();
  const placed = placing.data && "placed" in placing.data ? placing.data.placed : null;

  async function place(values: CheckoutValues) {
    setRefusal(null);
    const byCard = paymentMethods.find((method) => method.id === values.paymentMethodId)?.kind === "card";
    if (byCard && !cardToken) {
      setCardProblem("Please enter your card details.");
      return;
    }
    key.current ??= checkoutKey(sessionStore());
    const discountCode = codeToPlace(discount);
    const order = {
      ...placeOrderBody(values, addresses, items),
      ...(discountCode ? { discountCode } : {}),
      ...(byCard && cardToken ? { card: { descriptor: cardToken.descriptor, value: cardToken.value } } : {}),
    };
    // The order is placed whatever happens to its new address: the address book is a convenience.
    const keepAddress = !pickup && values.addressId === NEW_ADDRESS && values.saveAddress;
    await placing.submit(
      {
        intent: "place",
        order: JSON.stringify(order),
        key: key.current,
        saveAddress: String(keepAddress),
        firstAddress: String(addresses.length === 0),
      },
      { method: "post", action: href("/cart/checkout") },
    );
  }

  // The action's answer: the order's page, or the refusal beside what caused it. Once the page has
  // read its data again after the action (a navigation started earlier would be cut short by it).
  const handled = useRef<CheckoutAnswer | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer is acted on once
  useEffect(() => {
    const answer = placing.data;
    if (answer?.intent !== "place" || placing.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    if ("placed" in answer) {
      forgetCheckoutKey(sessionStore());
      key.current = null;
      rememberCode(null);
      void Promise.resolve(
        navigate(`${href("/account/orders/:number", { number: encodeURIComponent(answer.placed) })}?placed=1`),
      ).then(onPlaced);
      return;
    }
    // A card token is good for one attempt: the buyer enters the card again for the next.
    if (cardToken) {
      setCardToken(null);
      setCardProblem("Please enter your card details again.");
    }
    // A saved address has no fields on the page: a refusal of it is said in the form's message.
    const values = form.getValues();
    const fields =
      values.addressId === NEW_ADDRESS && values.fulfilment !== "pickup"
        ? checkoutFieldNames
        : (["paymentMethodId", "fulfilment", "buyerNote"] as const);
    const problem = showServerErrors(
      form.setError,
      requestErrorOf(answer.refusal, answer.status),
      fields,
      fieldLabels,
      {
        setFocus: form.setFocus,
      },
    );
    setRefusal(problem);
    // The code was used up (or ended) since the quote: the box says so after a new quote.
    if (problem.fields.discountCode) quote.retry();
    if (problem.code === "idempotency_key_reused") {
      // This key placed an order whose answer was lost, and the order has changed since: a
      // new attempt is a new order, which the buyer decides on after seeing their orders.
      forgetCheckoutKey(sessionStore());
      key.current = null;
      form.setError("root", {
        message:
          "An order from this checkout was already placed, before its confirmation was lost. Please check your orders before ordering again.",
      });
    } else if (Object.keys(problem.fields).some((name) => name.startsWith("lines."))) {
      form.setError("root", { message: "Your order was not placed: please see the product marked in your order." });
    }
  }, [placing.data, placing.state]);
  const busy = isSubmitting || placing.state !== "idle" || placed !== null;

  const field = fieldProps(form, `${id}-checkout`);
  // A PO box (or an APO address) the order's rules refuse is said beside the street as it is typed.
  const addressProblem =
    !pickup && addressId === NEW_ADDRESS
      ? addressRequirementProblem(verdicts?.requirements, { line1: typedLine1, line2: typedLine2, city: typedCity })
      : undefined;
  const addressField = (name: AddressFieldName) => {
    const binding = field(`shippingAddress.${name}`);
    return name === "line1" && addressProblem && !binding.error ? { ...binding, error: addressProblem } : binding;
  };
  const chosenMethod = paymentMethods.find((method) => method.id === paymentMethodId);
  const rootMessage = errors.root?.message;

  return (
    <form noValidate onSubmit={form.handleSubmit(place)} className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:gap-8">
      <fieldset disabled={busy} className="min-w-0 space-y-6">
        <section aria-labelledby={`${id}-address`} className={section}>
          <h2 id={`${id}-address`} className={legend}>
            {store ? "1. Delivery" : "1. Shipping address"}
          </h2>
          {store && (
            <div
              role="radiogroup"
              aria-labelledby={`${id}-address`}
              aria-describedby={errors.fulfilment ? `${id}-fulfilment-error` : undefined}
              className="mt-4 grid gap-3 sm:grid-cols-2"
            >
              <label className={card}>
                <input type="radio" value="ship" className={radio} {...form.register("fulfilment")} />
                <span>
                  <span className="block font-medium">Ship to an address</span>
                  <span className="block text-muted text-sm">US addresses only; the fee is in your review.</span>
                </span>
              </label>
              <label className={card}>
                <input type="radio" value="pickup" className={radio} {...form.register("fulfilment")} />
                <span>
                  <span className="block font-medium">Pick up in store</span>
                  <span className="block text-muted text-sm">
                    Free, at {store.city}. We e-mail you when it is ready.
                  </span>
                </span>
              </label>
            </div>
          )}
          <FieldError id={`${id}-fulfilment-error`} message={errors.fulfilment?.message} />
          {pickup && store ? (
            <div className="mt-5 border-line border-t pt-5 text-sm">
              <h3 className="font-medium">Pick it up at</h3>
              <AddressLines address={store} withName className="mt-1 text-muted" />
              {store.hours && <p className="mt-2 text-muted">Open {store.hours}</p>}
              <p className="mt-3 rounded-xl bg-brand-50 px-3.5 py-2.5 text-brand-900">
                Bring a photo ID: we check it before we hand over age-restricted goods, and only to you.
              </p>
            </div>
          ) : (
            <>
              {store ? (
                <h3 id={`${id}-ship-to`} className="mt-5 border-line border-t pt-5 font-medium">
                  Shipping address
                </h3>
              ) : (
                <p className="mt-1 text-muted text-sm">We ship to US addresses only.</p>
              )}
              {addresses.length > 0 && (
                <div
                  role="radiogroup"
                  aria-labelledby={store ? `${id}-ship-to` : `${id}-address`}
                  aria-describedby={errors.addressId ? `${id}-address-error` : undefined}
                  className="mt-4 grid gap-3 sm:grid-cols-2"
                >
                  {addresses.map((address) => (
                    <label key={address.id} className={card}>
                      <input type="radio" value={address.id} className={radio} {...form.register("addressId")} />
                      <span className="min-w-0">
                        <span className="flex flex-wrap items-center gap-2 font-medium">
                          {address.fullName}
                          {address.isDefault && (
                            <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-900 text-xs">
                              Default
                            </span>
                          )}
                        </span>
                        <AddressLines className="text-muted" address={address} />
                      </span>
                    </label>
                  ))}
                  <label className={card}>
                    <input type="radio" value={NEW_ADDRESS} className={radio} {...form.register("addressId")} />
                    <span className="font-medium">A new address</span>
                  </label>
                </div>
              )}
              <FieldError id={`${id}-address-error`} message={errors.addressId?.message} />
              {addressId === NEW_ADDRESS && (
                <div
                  className={`grid gap-5 sm:grid-cols-2 ${addresses.length > 0 ? "mt-5 border-line border-t pt-5" : "mt-5"}`}
                >
                  <AddressFieldSet field={addressField} />
                  {addresses.length < MAX_ADDRESSES ? (
                    <div className="flex items-center gap-3 sm:col-span-2">
                      <input
                        id={`${id}-save-address`}
                        type="checkbox"
                        className="size-5 shrink-0 accent-brand-700"
                        {...form.register("saveAddress")}
                      />
                      <label htmlFor={`${id}-save-address`} className="text-sm">
                        Save to my address book
                      </label>
                    </div>
                  ) : (
                    <p className="text-muted text-sm sm:col-span-2">
                      Your address book is full ({MAX_ADDRESSES} addresses), so this address is used for this order
                      only.
                    </p>
                  )}
                </div>
              )}
            </>
          )}
          <div className="mt-5 border-line border-t pt-5">
            <BuyerNoteField field={field("buyerNote")} pickup={pickup} />
          </div>
        </section>

        <section aria-labelledby={`${id}-payment`} className={section}>
          <h2 id={`${id}-payment`} className={legend}>
            2. Payment method
          </h2>
          <p className="mt-1 text-muted text-sm">
            {paymentMethods.some((method) => method.kind === "card")
              ? `Pay by card as you order, or after placing the order in one of the other ways; we ${pickup ? "get it ready" : "ship"} once the payment is in.`
              : `You pay after placing the order; we ${pickup ? "get it ready" : "ship"} once the payment arrives.`}
          </p>
          {paymentMethods.length === 0 ? (
            <p className="mt-4 rounded-xl bg-amber-50 px-3.5 py-2.5 text-amber-900 text-sm">
              The shop is not taking payments at the moment, so orders cannot be placed. Please try again later or{" "}
              <Link to={href("/contact-us")} className="font-medium underline underline-offset-2">
                contact us
              </Link>
              .
            </p>
          ) : (
            <div
              role="radiogroup"
              aria-labelledby={`${id}-payment`}
              aria-describedby={errors.paymentMethodId ? `${id}-payment-error` : undefined}
              className="mt-4 grid gap-3"
            >
              {paymentMethods.map((method) => (
                <label key={method.id} className={card}>
                  <input
                    type="radio"
                    value={method.id}
                    className={radio}
                    aria-describedby={method.id === paymentMethodId ? `${id}-payment-instructions` : undefined}
                    {...form.register("paymentMethodId")}
                  />
                  <span className="font-medium">{method.name}</span>
                </label>
              ))}
            </div>
          )}
          <FieldError id={`${id}-payment-error`} message={errors.paymentMethodId?.message} />
          {chosenMethod && (
            <div
              id={`${id}-payment-instructions`}
              className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-brand-900 text-sm"
            >
              <p className="font-semibold">How to pay with {chosenMethod.name}</p>
              <p className="mt-1 whitespace-pre-line">{chosenMethod.instructions}</p>
              <PayeeDetails kind={chosenMethod.kind} payee={chosenMethod.payee} className="mt-3" />
            </div>
          )}
          {chosenMethod?.kind === "card" && cardForm && (
            <CardEntry
              form={cardForm}
              token={cardToken}
              onAnswer={onCardAnswer}
              problem={cardProblem}
              problemId={`${id}-card-problem`}
            />
          )}
        </section>
      </fieldset>

      <section aria-labelledby={`${id}-review`} className={`${section} h-fit space-y-4 lg:sticky lg:top-20`}>
        <h2 id={`${id}-review`} className={legend}>
          3. Review your order
        </h2>
        <OrderReview
          items={items}
          quote={quote.quote ?? undefined}
          stale={quote.stale}
          loading={quote.loading}
          quoteError={quoteProblem && !quoteLineRefused ? errorMessage(quoteProblem) : null}
          onRetry={quote.retry}
          state={state}
          pickup={pickup}
          problems={problems}
          requirements={(!pickup && verdicts?.requirements) || []}
          discountBox={<DiscountCode state={discount} onApply={chooseCode} onRemove={() => chooseCode(null)} />}
        />
        {rootMessage && <RefusalAlert message={rootMessage} refusal={refusal} />}
        {blocked && (
          <p id={`${id}-blocked`} className="font-medium text-red-800 text-sm">
            {blocked}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={busy || paymentMethods.length === 0 || blocked !== null}
          aria-describedby={blocked ? `${id}-blocked` : undefined}
        >
          <Lock aria-hidden="true" className="size-4" />
          {busy ? "Placing your order…" : "Place order"}
        </Button>
        <p className="text-center text-muted text-xs">
          By placing the order you accept our{" "}
          <Link to={href("/terms-and-conditions")} className="underline underline-offset-2">
            Terms and Conditions
          </Link>
          .
        </p>
      </section>
    </form>
  );
}
