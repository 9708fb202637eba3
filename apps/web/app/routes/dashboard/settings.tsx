import { AdminDetail, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useSettings } from "../../features/settings/api/settings.ts";
import { PaymentSettings, SalesTaxSettings } from "../../features/settings/components/payment-settings.tsx";
import { PickupSettings } from "../../features/settings/components/pickup-settings.tsx";
import { LogoSettings, ProfileSettings } from "../../features/settings/components/profile-settings.tsx";
import {
  AgeSettings,
  OrderSettings,
  ShippingSettings,
  StockSettings,
} from "../../features/settings/components/simple-settings.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Settings");
}

/** The page's cards in order, with the words of the list that jumps to them. */
const sections = [
  ["profile", "Store profile"],
  ["logo", "Logo"],
  ["shipping", "Shipping"],
  ["pickup", "Store pickup"],
  ["sales-tax", "Sales tax"],
  ["payment", "Payment methods"],
  ["orders", "Orders"],
  ["ages", "Ages"],
  ["stock", "Stock"],
] as const;

/**
 * The shop's settings, each card saved on its own: a change takes effect at once (on every
 * instance within seconds) and is in the audit log.
 */
export default function Settings() {
  const settings = useSettings();
  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="The shop's profile, shipping, taxes, payment and ages. Each card saves on its own, and takes effect at once."
      />
      <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)] lg:items-start">
        <nav aria-label="Settings sections" className="hidden lg:sticky lg:top-24 lg:block">
          <ul className="grid gap-1 text-sm">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="block rounded-lg px-3 py-2 text-muted hover:bg-gray-100 hover:text-ink">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <AdminDetail
          query={settings}
          what="the settings"
          skeleton={<PanelsSkeleton grid="gap-6" panels={["h-[30rem]", "h-56", "h-48"]} />}
          missing={null}
        >
          {(data) => (
            <div className="grid max-w-3xl gap-6">
              <ProfileSettings settings={data} />
              <LogoSettings settings={data} />
              <ShippingSettings settings={data} />
              <PickupSettings settings={data} />
              <SalesTaxSettings settings={data} />
              <PaymentSettings settings={data} />
              <OrderSettings settings={data} />
              <AgeSettings settings={data} />
              <StockSettings settings={data} />
            </div>
          )}
        </AdminDetail>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
