import type { CoaBatch } from "@shop/shared";
import { FileText, FlaskConical, Plus, Trash } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Pagination } from "../../components/catalog/pagination.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { RowAction } from "../../components/ui/row-action.tsx";
import { useCoaList, useDeleteCoa } from "../../features/coas/api/admin-coas.ts";
import { batchPath } from "../../features/coas/format.ts";
import { OlderThanAYearBadge } from "../../features/coas/summary.tsx";
import { ListSearch } from "../../features/users/components/list-search.tsx";
import { useListSearch } from "../../features/users/use-list-search.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";

export function meta() {
  return adminMeta("Lab Results");
}

export default function AdminCoaList() {
  // useLocation and useNavigate, not useSearchParams: that hook alone would add to every storefront page's router chunk.
  const search = useListSearch();
  const { q, page, params } = search;
  const list = useCoaList(q, page);
  const remove = useDeleteCoa();
  const [deleting, setDeleting] = useState<CoaBatch | null>(null);

  function confirmDelete() {
    if (!deleting) return;
    const batch = deleting;
    remove.mutate(batch.lotNumber, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(`Batch ${batch.lotNumber} withdrawn`);
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(`Failed to withdraw batch ${batch.lotNumber}: ${errorMessage(error)}`);
      },
    });
  }

  const data = list.data;
  return (
    <>
      <AdminPageHeader
        title="Lab Results"
        segmentLabels={{ coas: "Lab Results" }}
        description="Certificates of analysis per batch, as buyers see them at /coas. A batch's number is printed on its package."
        actions={
          <Link
            to="/dashboard/products/coas/add"
            className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-900"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add COA
          </Link>
        }
      />
      <div className="mb-4 max-w-xl">
        <ListSearch
          id="coa-admin-search"
          label="Search by batch number or product"
          placeholder="Batch number or product"
          value={search.draft}
          onChange={search.change}
          onSubmit={search.submit}
        />
      </div>

      {list.isPending ? (
        <p className="text-muted">Loading lab results...</p>
      ) : list.isError && !data ? (
        <LoadError what="the lab results" error={list.error} onRetry={() => list.refetch()} />
      ) : data && data.items.length > 0 ? (
        <>
          <p aria-live="polite" className="mb-3 text-muted text-sm">
            {data.totalBatches} {data.totalBatches === 1 ? "batch" : "batches"}
          </p>
          <div className="overflow-x-auto rounded-2xl border border-line bg-white">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <thead className="border-line border-b bg-canvas text-muted text-xs uppercase tracking-wide">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Batch
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Product
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Lab
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Report date
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.items.map((batch) => (
                  <tr key={batch.lotNumber}>
                    <td className="px-4 py-3">
                      <a
                        href={batchPath(batch.lotNumber)}
                        className="whitespace-nowrap font-mono font-semibold hover:underline"
                      >
                        {batch.lotNumber}
                      </a>
                    </td>
                    <td className="px-4 py-3">{batch.product.name}</td>
                    <td className="px-4 py-3">{batch.lab.name}</td>
                    <td className="px-4 py-3">
                      <span className="flex flex-wrap items-center gap-2">
                        {formatDate(batch.reportDate)}
                        {batch.olderThanAYear && <OlderThanAYearBadge />}
                      </span>
                    </td>
                    <td className="px-4 py-3">
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
                          onClick={() => setDeleting(batch)}
                          destructive
                        />
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination currentPage={data.currentPage} totalPages={data.totalPages} search={params} />
        </>
      ) : (
        <div className="flex flex-col items-center rounded-2xl border border-line border-dashed bg-white px-6 py-16 text-center">
          <FlaskConical aria-hidden="true" className="size-10 text-muted" />
          <h2 className="mt-4 font-semibold text-lg">{q ? `No batch matches “${q}”.` : "No lab results yet."}</h2>
          <p className="mt-1 max-w-md text-muted">Add the lab's certificate of analysis of a batch to publish it.</p>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Withdraw this batch's lab results?"
        confirmLabel="Withdraw batch"
        busyLabel="Withdrawing..."
        busy={remove.isPending}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Batch {deleting?.lotNumber} of “{deleting?.product.name}” and its certificate will no longer be public. Its QR
          code will lead to a not-found page. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
