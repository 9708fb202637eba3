import { isStaffRole } from "@shop/shared/constants";
import { hasPassedGate } from "@shop/shared/rules";
import { Suspense, useState } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { PageLoader } from "../components/layout/page-loader.tsx";
import { StoreHeader } from "../components/layout/store-header.tsx";
import type { GateMinAgeData } from "../features/account/use-gate-min-age.ts";
import { AgeGate } from "../features/age-gate/components/age-gate.tsx";
import { CartProvider } from "../features/cart/components/cart-context.tsx";
import { CartDrawerWhenOpen } from "../features/cart/components/cart-drawer-when-open.tsx";
import { useHeroUnderHeader } from "../hooks/use-hero-under-header.ts";
import { lazyPart } from "../lib/lazy-part.ts";
import type { Route } from "./+types/store-layout";

// The spec loads the footer lazily: its code is not part of the page's first script.
const StoreFooter = lazyPart(() => import("../components/layout/store-footer.tsx"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const [
    categories,
    { gateMinAge, ageGateDays, purchaseMinAge, shippingFlatFeeCents, freeShippingOverCents, storeProfile, storeLogo },
  ] = await Promise.all([context.services.catalog.listCategories(), context.services.settings.getPublic()]);
  const data = {
    categories,
    // Only what the cart, the age gate, sign-up and the footer use: every page's HTML carries this
    // (the checkout reads the payment methods itself).
    settings: { gateMinAge, ageGateDays, purchaseMinAge, shippingFlatFeeCents, freeShippingOverCents },
    // The header's name or logo and the footer's contact details (Settings > Store profile).
    store: {
      ...storeProfile,
      // The header shows it 32 px high; its width is given so nothing moves as it loads.
      logo: storeLogo && { src: storeLogo.src, width: Math.round((32 * storeLogo.width) / storeLogo.height) },
    },
    ageVerified: hasPassedGate(request.headers.get("cookie")),
    // Only what the header shows: every page's HTML carries this.
    user: context.user ? { firstName: context.user.firstName, isStaff: isStaffRole(context.user.role) } : null,
  };
  // useGateMinAge and usePurchaseMinAge (features/account) read the settings from here.
  return data satisfies GateMinAgeData;
}

// Categories and settings change rarely, and a passed gate is kept in state: navigations within
// the shop need not reload them. Logging in or out loads the page in full; a revalidation a page
// asks for (after the buyer renames themselves) reloads the header's user too.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  return formMethod === undefined && currentUrl.href === nextUrl.href;
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const [admitted, setAdmitted] = useState(loaderData.ageVerified);
  const heroUnderHeader = useHeroUnderHeader();
  return (
    <CartProvider settings={loaderData.settings}>
      <div className="flex min-h-dvh flex-col" inert={!admitted} aria-hidden={admitted ? undefined : true}>
        <StoreHeader categories={loaderData.categories} user={loaderData.user} store={loaderData.store} />
        <div className={`flex-1 ${heroUnderHeader ? "" : "pt-16"}`}>
          <Outlet />
        </div>
        <Suspense fallback={<div className="mt-16 h-72 bg-brand-900" />}>
          <StoreFooter
            categories={loaderData.categories}
            store={loaderData.store}
            purchaseMinAge={loaderData.settings.purchaseMinAge}
          />
        </Suspense>
      </div>
      <CartDrawerWhenOpen />
      <PageLoader />
      {!admitted && (
        <AgeGate
          minAge={loaderData.settings.gateMinAge}
          cookieDays={loaderData.settings.ageGateDays}
          onAdmit={() => setAdmitted(true)}
        />
      )}
    </CartProvider>
  );
}
