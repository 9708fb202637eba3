import type { CoaBatch } from "@shop/shared";
import { COAS_PAGE_SIZE } from "@shop/shared/constants";
import { FileText, FlaskConical, Plus, Trash } from "lucide-react";
import { toast } from "sonner";
import {
  AdminList,
  AdminTable,
  cell,
  countedPageOf,
  ListSearch,
  listSummary,
  useListParams,
} from "../../components/admin-list/index.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { DeleteDialog, useDeletion } from "../../components/ui/delete-dialog.tsx";
import { RowAction } from "../../components/ui/row-action.tsx";
import { useCoaList, useDeleteCoa } from "../../features/coas/api/admin-coas.ts";
import { batchPath } from "../../features/coas/format.ts";
import { OlderThanAYearBadge } from "../../features/coas/summary.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";

export function meta() {
  return adminMeta("Lab Results");
}

export default function AdminCoaList() {
  const search = useListParams();
  const { q } = search;
  const list = useCoaList(q, search.page);
  const remove = useDeleteCoa();
  const deletion = useDeletion<CoaBatch>(remove.isPending, (batch, close) =>
    remove.mutate(batch.lotNumber, {
      onSuccess: () => toast.success(`Batch ${batch.lotNumber} withdrawn`),
      onError: (error) => toast.error(`Failed to withdraw batch ${batch.lotNumber}: ${errorMessage(error)}`),
      onSettled: close,
    }),
  );

  const page = list.data && countedPageOf({ ...list.data, total: list.data.totalBatches }, COAS_PAGE_SIZE);
  const described = listSummary(page, { one: "batch", many: "batches" }, q ? ` matching “${q}”` : "");
  const { td } = cell;
  return (
    <>
      <AdminPageHeader
        title="Lab Results"
        segmentLabels={{ coas: "Lab Results" }}
        description="Certificates of analysis per batch, as buyers see them at /coas. A batch's number is printed on its package."
        actions={
          <HeaderLink to="/dashboard/products/coas/add" icon={Plus}>
            Add COA
          </HeaderLink>
        }
      />
      <div className="mb-4 max-w-xl">
        <ListSearch
          id="coa-admin-search"
          label="Search by batch number or product"
          placeholder="Batch number or product"
          search={search}
        />
      </div>

      <AdminList
        query={list}
        page={page}
        what="the lab results"
        loading="Loading lab results…"
        refreshing="Searching…"
        icon={FlaskConical}
        summary={described}
        table={(items, stale) => (
          <AdminTable
            caption="Lab results"
            stale={stale}
            className="min-w-[44rem]"
            columns={[
              { label: "Batch" },
              { label: "Product" },
              { label: "Lab" },
              { label: "Report date" },
              { label: "Actions", srOnly: true },
            ]}
          >
            {items.map((batch) => (
              <tr key={batch.lotNumber}>
                <td className={td}>
                  <a
                    href={batchPath(batch.lotNumber)}
                    className="whitespace-nowrap font-mono font-semibold hover:underline"
                  >
                    {batch.lotNumber}
                  </a>
                </td>
                <td className={td}>{batch.product.name}</td>
                <td className={td}>{batch.lab.name}</td>
                <td className={td}>
                  <span className="flex flex-wrap items-center gap-2">
                    {formatDate(batch.reportDate)}
                    {batch.olderThanAYear && <OlderThanAYearBadge />}
                  </span>
                </td>
                <td className={td}>
                  <span className="flex justify-end gap-1">
                    <RowAction
                      icon={FileText}
                      label="PDF"
                      name={`PDF of batch ${batch.lotNumber}`}
                      href={batch.pdf.url}
                    />
                    <RowAction
                      icon={Trash}
                      label="Withdraw"
                      name={`Withdraw batch ${batch.lotNumber}`}
                      onClick={() => deletion.ask(batch)}
                      destructive
                    />
                  </span>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        empty={
          <EmptyState icon={FlaskConical} title={q ? `No batch matches “${q}”.` : "No lab results yet."}>
            Add the lab's certificate of analysis of a batch to publish it.
          </EmptyState>
        }
      />
      <DeleteDialog
        deletion={deletion}
        title="Withdraw this batch's lab results?"
        confirmLabel="Withdraw batch"
        busyLabel="Withdrawing..."
      >
        <p>
          Batch {deletion.item?.lotNumber} of “{deletion.item?.product.name}” and its certificate will no longer be
          public. Its QR code will lead to a not-found page. This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
