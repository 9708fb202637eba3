import { addressInputSchema, dateOfBirthInputSchema, idempotencyHeadersSchema, placeOrderSchema } from "@shop/shared";
import { dayOf, purchaseAgeProblem, shipStateFromCookie } from "@shop/shared/rules";
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, href } from "react-router";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { useCart } from "../features/cart/components/cart-context.tsx";
import { CartLoading, EmptyCart } from "../features/cart/components/cart-states.tsx";
import type { CheckoutAnswer } from "../features/checkout/checkout-answer.ts";
import { CheckoutForm } from "../features/checkout/components/checkout-form.tsx";
import { DateOfBirthStep } from "../features/checkout/components/date-of-birth-step.tsx";
import { pick, postedFields } from "../lib/form-action.ts";
import { requireUser } from "../lib/guards.ts";
import { pageMeta } from "../lib/meta.ts";
import { invalidAnswer, type ServiceRefusal, serviceAnswer } from "../lib/service-answer.server.ts";
import type { Route } from "./+types/checkout";

export function meta() {
  return [
    ...pageMeta("Checkout", "Shipping address, payment method and a review of your order."),
    { name: "robots", content: "noindex" },
  ];
}

/** Only a signed-in buyer checks out; anyone else signs in or up and comes back (the cart stays in the browser). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  const [addresses, settings, cardForm, terms] = await Promise.all([
    context.services.accounts.listAddresses(user.id),
    context.services.settings.getPublic(),
    context.services.orders.cardForm(),
    // An approved wholesale account with terms also pays on terms (docs/decisions/102).
    context.services.orders.termsMethod(user),
  ]);
  const { dateOfBirth } = user;
  const today = dayOf(new Date());
  // Asked once when the account has none; under the purchase age, the step says so and no order can be placed.
  const ageChecked = dateOfBirth !== null && purchaseAgeProblem(dateOfBirth, today, settings.purchaseMinAge) === null;
  return {
    addresses,
    paymentMethods: terms ? [...settings.paymentMethods, terms] : settings.paymentMethods,
    cardForm,
    store: settings.storeAddress,
    dateOfBirth,
    ageChecked,
    purchaseMinAge: settings.purchaseMinAge,
    // The state the buyer chose to ship to: the new address's State until they choose another.
    shipState: shipStateFromCookie(request.headers.get("cookie")),
  };
}

/**
 * The checkout's changes (decision 089), each through its service as its /api route calls it:
 * `date-of-birth` gives the account's date of birth, once; `place` places the order (`order`: its
 * body as JSON, `key`: the idempotency key of this checkout), then, when asked, keeps its new
 * address in the address book (the order stands whatever happens to that). The cart lives in the
 * browser, so the page's script sends these.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context.user);
  const { accounts, orders } = context.services;
  const fields = await postedFields(request);
  const refused = (intent: "date-of-birth" | "place", answer: ServiceRefusal) =>
    data<CheckoutAnswer>({ intent, refusal: answer.refusal.problem, status: answer.status }, { status: answer.status });

  if (fields.intent === "date-of-birth") {
    const checked = dateOfBirthInputSchema.safeParse(pick(fields, ["dateOfBirth"]));
    const answer = checked.success
      ? await serviceAnswer(() => accounts.setDateOfBirth(user.id, checked.data.dateOfBirth))
      : invalidAnswer(checked.error);
    if (!answer.ok) return refused("date-of-birth", answer);
    await context.session.reload();
    return data<CheckoutAnswer>({ intent: "date-of-birth", saved: true });
  }

  const body = parsedJson(fields.order);
  const checked = placeOrderSchema.safeParse(body);
  const key = idempotencyHeadersSchema.safeParse({ "idempotency-key": fields.key });
  const answer = !checked.success
    ? invalidAnswer(checked.error)
    : !key.success
      ? invalidAnswer(key.error)
      : await serviceAnswer(() => orders.place(user, key.data["idempotency-key"], checked.data));
  if (!answer.ok) return refused("place", answer);
  const typedAddress = (body as { shippingAddress?: object }).shippingAddress;
  if (fields.saveAddress === "true" && typedAddress) {
    const address = addressInputSchema.safeParse({ ...typedAddress, isDefault: fields.firstAddress === "true" });
    if (address.success) await serviceAnswer(() => accounts.addAddress(user.id, address.data));
  }
  return data<CheckoutAnswer>({ intent: "place", placed: answer.value.order.number });
}

/** JSON text's value, or undefined when it is not JSON (the schema then says what is missing). */
function parsedJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return undefined;
  }
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { cart, clear } = useCart();
  const heading = useRef<HTMLHeadingElement>(null);
  // The step was shown: once the date is on the account, the page reads it again (after the
  // action), the checkout takes the step's place, and the page says so.
  const [askedForDate] = useState(!loaderData.ageChecked);
  useEffect(() => {
    if (askedForDate && loaderData.ageChecked) heading.current?.focus();
  }, [askedForDate, loaderData.ageChecked]);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb
        items={[{ label: "Home", to: href("/") }, { label: "Cart", to: href("/cart") }, { label: "Checkout" }]}
      />
      <h1 ref={heading} tabIndex={-1} className="mt-3 font-bold text-3xl tracking-tight outline-none sm:text-4xl">
        Checkout
      </h1>
      {loaderData.ageChecked && (
        <p role="status" className="mt-2 flex items-center gap-1.5 text-muted text-sm">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          {askedForDate ? "Thank you: your date of birth is saved." : "Date of birth on file."}
        </p>
      )}
      {cart === null ? (
        <CartLoading height="h-96" />
      ) : cart.items.length === 0 ? (
        <EmptyCart>Add products from the shop, then come back here to check out.</EmptyCart>
      ) : (
        <div className="mt-8">
          {loaderData.ageChecked ? (
            <CheckoutForm
              items={cart.items}
              addresses={loaderData.addresses}
              paymentMethods={loaderData.paymentMethods}
              store={loaderData.store}
              onPlaced={clear}
              rememberedState={loaderData.shipState}
              dateOfBirth={loaderData.dateOfBirth}
              cardForm={loaderData.cardForm}
            />
          ) : (
            <DateOfBirthStep
              items={cart.items}
              minAge={loaderData.purchaseMinAge}
              dateOfBirth={loaderData.dateOfBirth}
            />
          )}
        </div>
      )}
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
