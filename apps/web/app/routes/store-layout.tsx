import { hasPassedGate } from "@shop/shared";
import { lazy, Suspense, useState } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../components/layout/page-loader.tsx";
import { StoreHeader } from "../components/layout/store-header.tsx";
import { AgeGate } from "../features/age-gate/age-gate.tsx";
import { CartProvider } from "../features/cart/cart-context.tsx";
import { CartDrawer } from "../features/cart/cart-drawer.tsx";
import { useHeroUnderHeader } from "../hooks/use-hero-under-header.ts";
import type { Route } from "./+types/store-layout";

// The spec loads the footer lazily: its code is not part of the page's first script.
const StoreFooter = lazy(() => import("../components/layout/store-footer.tsx"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const [categories, settings] = await Promise.all([
    context.services.catalog.listCategories(),
    context.services.settings.getPublic(),
  ]);
  return { categories, settings, ageVerified: hasPassedGate(request.headers.get("cookie")) };
}

// Categories and settings change rarely, and a passed gate is kept in state: navigations within
// the shop need not reload them.
export function shouldRevalidate() {
  return false;
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const [admitted, setAdmitted] = useState(loaderData.ageVerified);
  const heroUnderHeader = useHeroUnderHeader();
  return (
    <CartProvider settings={loaderData.settings}>
      <div className="flex min-h-dvh flex-col" inert={!admitted} aria-hidden={admitted ? undefined : true}>
        <StoreHeader categories={loaderData.categories} />
        <div className={`flex-1 ${heroUnderHeader ? "" : "pt-16"}`}>
          <Outlet />
        </div>
        <Suspense fallback={<div className="mt-16 h-72 bg-brand-900" />}>
          <StoreFooter categories={loaderData.categories} />
        </Suspense>
      </div>
      <CartDrawer />
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
