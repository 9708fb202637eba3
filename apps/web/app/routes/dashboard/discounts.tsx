import { DISCOUNT_STATUSES, type DiscountQuery, discountStatusLabels } from "@shop/shared";
import { Plus, TicketPercent } from "lucide-react";
import { href } from "react-router";
import {
  AdminList,
  ListFilter,
  ListSearch,
  oneOf,
  optionsOf,
  pageOf,
  useListParams,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { DeleteDialog, useMutationDeletion } from "../../components/ui/delete-dialog.tsx";
import { useDeleteDiscount, useDiscounts } from "../../features/discounts/api/discounts.ts";
import { DiscountsTable } from "../../features/discounts/components/discounts-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Discounts");
}

const LIST_PATH = href("/dashboard/discounts");

export default function Discounts() {
  const search = useListParams();
  const { listSearch } = search;
  const query = {
    status: oneOf(search.params.get("status"), DISCOUNT_STATUSES),
    q: search.q || undefined,
    page: search.page,
  } satisfies DiscountQuery;
  const filtered = Boolean(query.status || query.q);
  const discounts = useDiscounts(query);
  const remove = useDeleteDiscount();
  const deletion = useMutationDeletion(remove, (row: { id: string; code: string }) => row.id, {
    done: (row) => `Code ${row.code} deleted`,
    failed: () => "Failed to delete the code",
  });

  return (
    <>
      <AdminPageHeader
        title="Discounts"
        description="Codes buyers type in the cart or at checkout: a percentage or an amount off the goods they apply to, before tax."
        actions={
          <HeaderLink to={`${LIST_PATH}/new`} icon={Plus} className="w-full sm:w-auto">
            New code
          </HeaderLink>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem] sm:items-end">
        <ListSearch id="discounts-search" label="Search codes" placeholder="Code or description" search={search} />
        <ListFilter
          label="Status"
          name="status"
          value={query.status}
          options={optionsOf("All codes", DISCOUNT_STATUSES, discountStatusLabels)}
        />
      </div>
      <AdminList
        query={discounts}
        page={discounts.data && pageOf(discounts.data)}
        noun={{ one: "code", many: "codes" }}
        what="the discount codes"
        icon={TicketPercent}
        table={(items, stale) => (
          <DiscountsTable rows={items} stale={stale} listSearch={listSearch} onDelete={deletion.ask} />
        )}
        narrowed={
          filtered && {
            title: "No codes found",
            children: query.q
              ? `No code or description matches “${query.q}” with this filter.`
              : "Nothing fits this filter.",
          }
        }
        empty={{
          title: "No discount codes yet",
          action: { to: `${LIST_PATH}/new`, label: "Create the first code" },
          children: "Run a sale: a code for a percentage or an amount off, for everything or some goods.",
        }}
      />
      <DeleteDialog deletion={deletion} title="Delete this code?" confirmLabel="Delete code">
        The code {deletion.item?.code} will be deleted. No order has used it.
      </DeleteDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
