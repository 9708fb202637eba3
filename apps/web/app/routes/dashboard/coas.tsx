import type { CoaBatch } from "@shop/shared";
import { COAS_PAGE_SIZE } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { FileText, FlaskConical, Pencil, Plus, Trash } from "lucide-react";
import { href } from "react-router";
import {
  AdminList,
  AdminTable,
  cell,
  countedPageOf,
  ListSearch,
  useListParams,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { DeleteDialog, useMutationDeletion } from "../../components/ui/delete-dialog.tsx";
import { RowAction } from "../../components/ui/row-action.tsx";
import { useCoaList, useDeleteCoa } from "../../features/coas/api/admin-coas.ts";
import { OlderThanAYearBadge } from "../../features/coas/components/summary.tsx";
import { batchPath } from "../../features/coas/format.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { coaCorrectionPath } from "../../lib/admin-paths.ts";

export function meta() {
  return adminMeta("Lab Results");
}

export default function AdminCoaList() {
  const search = useListParams();
  const { q } = search;
  const list = useCoaList(q, search.page);
  const remove = useDeleteCoa();
  const deletion = useMutationDeletion(remove, (batch: CoaBatch) => batch.lotNumber, {
    done: (batch) => `Batch ${batch.lotNumber} withdrawn`,
    failed: (batch) => `Failed to withdraw batch ${batch.lotNumber}`,
  });

  const { td } = cell;
  return (
    <>
      <AdminPageHeader
        title="Lab Results"
        segmentLabels={{ coas: "Lab Results" }}
        description="Certificates of analysis per batch, as buyers see them at /coas. A batch's number is printed on its package."
        actions={
          <HeaderLink to={href("/dashboard/products/coas/add")} icon={Plus}>
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
        page={list.data && countedPageOf({ ...list.data, total: list.data.totalBatches }, COAS_PAGE_SIZE)}
        noun={{ one: "batch", many: "batches" }}
        what="the lab results"
        loading="Loading lab results…"
        refreshing="Searching…"
        icon={FlaskConical}
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
                      icon={Pencil}
                      label="Correct"
                      name={`Correct figures of batch ${batch.lotNumber}`}
                      to={coaCorrectionPath(batch.lotNumber)}
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
        narrowed={
          q && {
            matching: ` matching “${q}”`,
            title: "No batches found",
            children: `No batch number or product matches “${q}”.`,
          }
        }
        empty={{
          title: "No lab results yet.",
          children: "Add the lab's certificate of analysis of a batch to publish it.",
        }}
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
