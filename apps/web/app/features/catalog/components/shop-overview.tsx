import type { DashboardOverview } from "@shop/shared";
import { dayOf, formatCents, formatCount, formatDate } from "@shop/shared/rules";
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { useMayOpen } from "../../../components/layout/use-staff-user.ts";
import { LoadError } from "../../../components/ui/load-error.tsx";
import { productEditPath, variantStockPath } from "../../../lib/admin-paths.ts";
import { countOf } from "../../../lib/format.ts";
import { useOverview } from "../api/get-overview.ts";
import { formatPrice } from "../format.ts";

interface StatProps {
  to: string;
  label: string;
  value: number | string;
  detail?: string;
  className?: string;
}

/** A figure that links to its list, or stands alone for a role that may not open that list. */
function Stat({ to, label, value, detail, className = "" }: StatProps) {
  const mayOpen = useMayOpen();
  const content = (
    <>
      <span className="block text-muted text-sm">{label}</span>
      <span className="mt-1 block font-bold text-3xl tabular-nums">
        {typeof value === "number" ? formatCount(value) : value}
      </span>
      {detail && <span className="mt-1 block text-muted text-sm">{detail}</span>}
    </>
  );
  const box = `rounded-2xl border border-line bg-white p-5 ${className}`;
  if (!mayOpen(to)) return <div className={box}>{content}</div>;
  return (
    <Link to={to} className={`${box} transition hover:border-brand-600 hover:shadow-md`}>
      {content}
    </Link>
  );
}

/** Today's orders, those waiting for money, and what was paid for in the last 30 days. */
function OrderStats({ overview }: { overview: DashboardOverview }) {
  const { orders } = overview;
  const today = dayOf(new Date());
  return (
    <div className="mb-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
      <Stat to={`${href("/dashboard/orders")}?from=${today}`} label="Orders today" value={orders.today} />
      <Stat
        to={`${href("/dashboard/orders")}?status=awaiting_payment`}
        label="Awaiting payment"
        value={orders.awaitingPayment}
      />
      <Stat
        to={href("/dashboard/orders")}
        label="Revenue, last 30 days"
        value={formatCents(orders.revenueLast30DaysCents)}
        detail="Orders paid for"
        className="col-span-2 sm:col-span-1"
      />
    </div>
  );
}

/** E-mail the mail server has not taken yet: staff should know before buyers ask. */
function UnsentMail({ overview }: { overview: DashboardOverview }) {
  const { count, oldest, lastError } = overview.unsentMail;
  if (count === 0) return null;
  return (
    <div role="alert" className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 text-sm">
      <p className="font-semibold">
        {count === 1 ? "1 e-mail has" : `${formatCount(count)} e-mails have`} not been sent yet
        {oldest ? `, the oldest since ${formatDate(oldest, "moment")}` : ""}.
      </p>
      <p className="mt-1">
        The shop keeps trying; nothing is lost. Check the mail server's settings (SMTP_URL).
        {lastError ? ` The mail server last said: ${lastError}` : ""}
      </p>
    </div>
  );
}

/** Licenses among the documents that expire within 30 days or have expired: the shop may not sell without them. */
function ExpiringLicenses({ overview }: { overview: DashboardOverview }) {
  const { expiringSoon, expired } = overview.licenses;
  const mayOpen = useMayOpen();
  if ((expiringSoon === 0 && expired === 0) || !mayOpen(href("/dashboard/documents"))) return null;
  const sentences = [
    expiringSoon > 0 &&
      `${expiringSoon === 1 ? "1 license expires" : `${formatCount(expiringSoon)} licenses expire`} within 30 days.`,
    expired > 0 && `${expired === 1 ? "1 license has" : `${formatCount(expired)} licenses have`} expired.`,
  ].filter(Boolean);
  return (
    <div className="mb-4 flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="font-semibold">{sentences.join(" ")}</p>
      <Link
        to={`${href("/dashboard/documents")}?type=license&expiring=true`}
        className="shrink-0 font-medium text-amber-950 underline underline-offset-2"
      >
        See the licenses
      </Link>
    </div>
  );
}

/**
 * Compliance or tax rules not checked against their source for 90 days: the shop may be enforcing
 * old law, or charging an old rate.
 */
function StaleRules({ count, to, noun }: { count: number; to: string; noun: { one: string; many: string } }) {
  const mayOpen = useMayOpen();
  if (count === 0 || !mayOpen(to)) return null;
  return (
    <div className="mb-4 flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="font-semibold">{countOf(count, noun.one, noun.many)} not checked for 90 days</p>
      <Link to={`${to}?stale=true`} className="shrink-0 font-medium text-amber-950 underline underline-offset-2">
        See the stale {noun.many}
      </Link>
    </div>
  );
}

function Stats({ overview }: { overview: DashboardOverview }) {
  const { products } = overview;
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <Stat
        to={`${href("/dashboard/products")}?active=true`}
        label="Active products"
        value={products.active}
        detail={`of ${formatCount(products.total)} in all`}
      />
      <Stat to={`${href("/dashboard/products")}?stock=out`} label="Out of stock" value={products.outOfStock} />
      <Stat to={href("/dashboard/products/categories")} label="Categories" value={overview.categories} />
      <Stat to={href("/dashboard/banner-list")} label="Active banners" value={overview.activeBanners} />
    </div>
  );
}

/** Active products at or under the low-stock threshold (a setting), fewest first: what to reorder. */
function LowStock({ overview }: { overview: DashboardOverview }) {
  const { threshold, items } = overview.lowStock;
  const fewer = `${formatCount(threshold)} or fewer`;
  return (
    <section aria-labelledby="low-stock-title" className="min-w-0">
      <h2 id="low-stock-title" className="font-semibold text-muted text-sm uppercase tracking-wider">
        Low on stock ({fewer})
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-line border-dashed bg-white px-5 py-6 text-center text-muted">
          No active product has {fewer} pieces left.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
          {items.map((product) => (
            <li key={product.id}>
              <Link
                to={variantStockPath(product.productId, product.id)}
                className="flex items-center gap-4 px-5 py-3 hover:bg-brand-50"
              >
                <span className="min-w-0 flex-1">
                  {/* Two lines: a variant is told apart by the option values at the end of its name. */}
                  <span className="line-clamp-2 font-medium">{product.name}</span>
                  <span className="block truncate text-muted text-sm">{product.sku}</span>
                </span>
                <span
                  className={`shrink-0 rounded-full px-2.5 py-0.5 font-semibold text-sm tabular-nums ${
                    product.stock === 0 ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900"
                  }`}
                >
                  {product.stock === 0 ? "Sold out" : `${formatCount(product.stock)} left`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentProducts({ overview }: { overview: DashboardOverview }) {
  if (overview.recentProducts.length === 0) {
    return (
      <p className="rounded-2xl border border-line border-dashed bg-white px-5 py-8 text-center text-muted">
        No products yet.{" "}
        <Link to={href("/dashboard/products/add")} className="font-medium text-brand-700 underline">
          Add the first one
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
      {overview.recentProducts.map((product) => (
        <li key={product.id}>
          <Link to={productEditPath(product.id)} className="flex items-center gap-4 px-5 py-3 hover:bg-brand-50">
            {product.image ? (
              <img src={product.image.src} alt="" width={40} height={40} className="size-10 rounded-lg object-cover" />
            ) : (
              <span aria-hidden="true" className="size-10 rounded-lg bg-gray-100" />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{product.name}</span>
              <span className="block truncate text-muted text-sm">
                {product.sku} · {product.category.name} · {formatPrice(product)} · {product.stock} in stock
                {product.active ? "" : " · inactive"}
              </span>
            </span>
            <span className="hidden text-muted text-sm sm:block">{formatDate(product.updatedAt, "moment")}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface Slots {
  /** Beside today's figures: the 30 days' revenue as a chart (the reports' part, given by the page). */
  sales?: ReactNode;
  /** Beside the low stock: the orders placed last (the orders' part, given by the page). */
  recentOrders?: ReactNode;
}

/**
 * The dashboard's view of the shop, what an owner looks at each morning: what needs doing (unsent
 * mail, stale rules, licenses), today's orders and the month's revenue, the latest orders and the
 * stock running low, then the catalogue's counts and what changed last.
 */
export function ShopOverview({ sales, recentOrders }: Slots = {}) {
  const overview = useOverview();
  if (overview.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the shop's figures">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {["a", "b", "c", "d"].map((key) => (
            <div key={key} className="h-[7.5rem] animate-pulse rounded-2xl bg-gray-200" />
          ))}
        </div>
        <div className="mt-8 h-64 animate-pulse rounded-2xl bg-gray-200" />
      </div>
    );
  }
  if (overview.isError) {
    return <LoadError what="the shop's figures" error={overview.error} onRetry={() => void overview.refetch()} />;
  }
  return (
    <>
      <UnsentMail overview={overview.data} />
      <StaleRules
        count={overview.data.staleRules}
        to={href("/dashboard/settings/compliance")}
        noun={{ one: "rule", many: "rules" }}
      />
      <StaleRules
        count={overview.data.staleTaxRules}
        to={href("/dashboard/settings/taxes")}
        noun={{ one: "tax rule", many: "tax rules" }}
      />
      <ExpiringLicenses overview={overview.data} />
      <OrderStats overview={overview.data} />
      {sales}
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        {recentOrders}
        <LowStock overview={overview.data} />
      </div>
      <h2 id="catalogue-title" className="mt-8 font-semibold text-muted text-sm uppercase tracking-wider">
        Catalogue
      </h2>
      <div className="mt-3">
        <Stats overview={overview.data} />
      </div>
      <h2 id="recent-products-title" className="mt-8 font-semibold text-muted text-sm uppercase tracking-wider">
        Recently changed products
      </h2>
      <div className="mt-3">
        <RecentProducts overview={overview.data} />
      </div>
    </>
  );
}
