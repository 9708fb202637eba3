import { PackageOpen } from "lucide-react";
import { href, useLocation } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { isNotFound } from "../../components/layout/admin-detail.tsx";
import { PrintDocument } from "../../components/layout/print-document.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useOrdersByNumber } from "../../features/orders/api/get-order.ts";
import { PackingSlip } from "../../features/orders/documents/packing-slip.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { countOf } from "../../lib/format.ts";

export function meta() {
  return adminMeta("Packing slips");
}

const LIST_PATH = href("/dashboard/orders");

/** The orders chosen in the Order List (`?numbers=A,B`), each once. */
function chosen(search: URLSearchParams): string[] {
  const numbers = (search.get("numbers") ?? "").split(",").map((number) => number.trim().toUpperCase());
  return [...new Set(numbers.filter(Boolean))].slice(0, 100);
}

/** The packing slips of the orders chosen in the Order List, on one page: each printed on a sheet of its own. */
export default function PackingSlipsPage() {
  const numbers = chosen(new URLSearchParams(useLocation().search));
  const orders = useOrdersByNumber(numbers);
  return (
    <PrintDocument label="Packing slips" backTo={LIST_PATH} backLabel="Back to orders">
      <h1 className="sr-only">Packing slips for {countOf(numbers.length, "order", "orders")}</h1>
      {numbers.length === 0 && (
        <EmptyState icon={PackageOpen} title="No orders chosen" action={{ to: LIST_PATH, label: "Choose orders" }}>
          Choose orders in the Order List, then “Print packing slips”.
        </EmptyState>
      )}
      {numbers.map((number, index) => {
        const query = orders[index];
        const breakBefore =
          index > 0
            ? "print-page-break mt-10 border-line border-t-2 border-dashed pt-10 print:mt-0 print:border-0 print:pt-0"
            : "";
        return (
          <section key={number} aria-label={`Packing slip ${number}`} className={breakBefore}>
            {!query || query.isPending ? (
              <div aria-hidden="true" className="h-96 animate-pulse rounded-lg bg-gray-100" />
            ) : query.data ? (
              <PackingSlip order={query.data} level={2} />
            ) : isNotFound(query) ? (
              <p role="alert" className="text-red-700 text-sm">
                There is no order {number}: its number may be mistyped.
              </p>
            ) : (
              <LoadError what={`order ${number}`} error={query.error} onRetry={() => query.refetch()} />
            )}
          </section>
        );
      })}
    </PrintDocument>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
