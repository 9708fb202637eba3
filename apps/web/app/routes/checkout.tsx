import { dayOf, purchaseAgeProblem, shipStateFromCookie } from "@shop/shared/rules";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useRef, useState } from "react";
import { href, useRevalidator } from "react-router";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { useCart } from "../features/cart/components/cart-context.tsx";
import { CartLoading, EmptyCart } from "../features/cart/components/cart-states.tsx";
import { CheckoutForm } from "../features/checkout/components/checkout-form.tsx";
import { DateOfBirthStep } from "../features/checkout/components/date-of-birth-step.tsx";
import { ApiRequestError } from "../lib/api.ts";
import { requireUser } from "../lib/guards.ts";
import { pageMeta } from "../lib/meta.ts";
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
  const [addresses, settings] = await Promise.all([
    context.services.accounts.listAddresses(user.id),
    context.services.settings.getPublic(),
  ]);
  const { dateOfBirth } = user;
  const today = dayOf(new Date());
  // Asked once when the account has none; under the purchase age, the step says so and no order can be placed.
  const ageChecked = dateOfBirth !== null && purchaseAgeProblem(dateOfBirth, today, settings.purchaseMinAge) === null;
  return {
    addresses,
    paymentMethods: settings.paymentMethods,
    store: settings.storeAddress,
    dateOfBirth,
    ageChecked,
    purchaseMinAge: settings.purchaseMinAge,
    // The state the buyer chose to ship to: the new address's State until they choose another.
    shipState: shipStateFromCookie(request.headers.get("cookie")),
  };
}

// The checkout's own: the storefront's other pages do not load TanStack Query.
function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refusal (a line out of stock) will not change by asking again at once.
        retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 1,
      },
    },
  });
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { cart, clear } = useCart();
  const [queryClient] = useState(makeQueryClient);
  const revalidator = useRevalidator();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dateOfBirthSaved, setDateOfBirthSaved] = useState(false);

  // The date is on the account now: the page reads it again, and the checkout takes the step's place.
  async function afterDateOfBirth() {
    await revalidator.revalidate();
    setDateOfBirthSaved(true);
    heading.current?.focus();
  }

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
          {dateOfBirthSaved ? "Thank you: your date of birth is saved." : "Date of birth on file."}
        </p>
      )}
      {cart === null ? (
        <CartLoading height="h-96" />
      ) : cart.items.length === 0 ? (
        <EmptyCart>Add products from the shop, then come back here to check out.</EmptyCart>
      ) : (
        <div className="mt-8">
          <QueryClientProvider client={queryClient}>
            {loaderData.ageChecked ? (
              <CheckoutForm
                items={cart.items}
                addresses={loaderData.addresses}
                paymentMethods={loaderData.paymentMethods}
                store={loaderData.store}
                onPlaced={clear}
                rememberedState={loaderData.shipState}
                dateOfBirth={loaderData.dateOfBirth}
              />
            ) : (
              <DateOfBirthStep
                items={cart.items}
                minAge={loaderData.purchaseMinAge}
                dateOfBirth={loaderData.dateOfBirth}
                onSaved={afterDateOfBirth}
              />
            )}
          </QueryClientProvider>
        </div>
      )}
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
