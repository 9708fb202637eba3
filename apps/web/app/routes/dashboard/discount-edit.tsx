import { SearchX } from "lucide-react";
import { href } from "react-router";
import { AdminDetail, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useDiscount } from "../../features/discounts/api/discounts.ts";
import { DiscountForm } from "../../features/discounts/components/discount-form.tsx";
import { DiscountStatusBadge } from "../../features/discounts/components/discounts-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { countOf } from "../../lib/format.ts";
import type { Route } from "./+types/discount-edit";

export function meta() {
  return adminMeta("Edit discount code");
}

const LIST_PATH = href("/dashboard/discounts");

export default function EditDiscount({ params }: Route.ComponentProps) {
  const discount = useDiscount(params.id);
  const notFound = isNotFound(discount);
  const data = discount.data;
  return (
    <>
      <AdminPageHeader
        title={data ? `Code ${data.code}` : notFound ? "Code not found" : "Edit code"}
        currentLabel={data?.code ?? "Code"}
        description={
          data ? (
            <span className="flex flex-wrap items-center gap-2">
              <DiscountStatusBadge status={data.status} />
              <span>
                Used by {countOf(data.usedCount, "order", "orders")}
                {data.usageLimit !== null && ` of ${data.usageLimit}`}
                {data.timesUsed > data.usedCount && ` (${data.timesUsed - data.usedCount} more cancelled)`}
              </span>
            </span>
          ) : undefined
        }
      />
      <AdminDetail
        query={discount}
        what="this code"
        skeleton={<PanelsSkeleton grid="gap-6 lg:grid-cols-2" panels={["h-96", "h-72"]} />}
        missing={{
          icon: SearchX,
          noun: "code",
          back: { to: LIST_PATH, label: "Back to the codes" },
          why: "The address may be mistyped, or the code was deleted.",
        }}
      >
        {(saved) => (
          <DiscountForm
            key={`${saved.id}-${saved.updatedAt}`}
            discount={saved}
            cancelTo={LIST_PATH}
            onSaved={() => {}}
          />
        )}
      </AdminDetail>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
