import { type DiscountList, type DiscountStatus, discountStatusLabels } from "@shop/shared";
import { discountInWords, formatCents, formatDate } from "@shop/shared/rules";
import { Link } from "react-router";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/admin-table.tsx";
import { Badge, badgeTones } from "../../../components/ui/badge.tsx";
import { DeleteRowAction, EditRowAction } from "../../../components/ui/row-action.tsx";
import { discountPath } from "../../../lib/admin-paths.ts";
import { countOf } from "../../../lib/format.ts";

type Row = DiscountList["items"][number];

const statusTones: Record<DiscountStatus, string> = {
  active: badgeTones.emerald,
  scheduled: badgeTones.sky,
  expired: badgeTones.gray,
  used_up: badgeTones.amber,
  inactive: badgeTones.gray,
};

export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  return <Badge tone={statusTones[status]}>{discountStatusLabels[status]}</Badge>;
}

function When({ row }: { row: Row }) {
  if (!row.startsOn && !row.endsOn) return <span className="text-muted">Always</span>;
  return (
    <>
      {row.startsOn ? formatDate(row.startsOn, "calendar") : "Now"} –{" "}
      {row.endsOn ? formatDate(row.endsOn, "calendar") : "no end"}
    </>
  );
}

const goodsOf = (row: Row) =>
  row.productIds.length > 0
    ? countOf(row.productIds.length, "product", "products")
    : row.categoryIds.length > 0
      ? countOf(row.categoryIds.length, "category", "categories")
      : "Everything";

/** Codes: what each gives and on what, when, how often used of how many, its status; edit, and delete one never used. */
export function DiscountsTable({
  rows,
  stale,
  listSearch,
  onDelete,
}: {
  rows: Row[];
  stale: boolean;
  listSearch: string;
  onDelete: (row: Row) => void;
}) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Discount codes"
      stale={stale}
      columns={[
        { label: "Code" },
        { label: "Discount", className: hiddenBelow.md },
        { label: "When", className: hiddenBelow.lg },
        { label: "Used", className: `${hiddenBelow.md} text-right` },
        { label: "Status" },
        { label: "Actions", className: "text-right" },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id} className="hover:bg-brand-50/30" data-discount={row.code}>
          <td className={td}>
            <Link
              to={discountPath(row.id)}
              state={{ listSearch }}
              className="break-all font-mono font-semibold hover:text-brand-700 hover:underline"
            >
              {row.code}
            </Link>
            <span className="mt-1 block text-muted text-xs md:hidden">
              {discountInWords(row)} · {goodsOf(row)} · used {row.usedCount}
              {row.usageLimit !== null && ` of ${row.usageLimit}`}
            </span>
            {row.description && <span className="mt-1 block text-muted text-xs">{row.description}</span>}
          </td>
          <td className={`${td} ${hiddenBelow.md} text-sm`}>
            <span className="block font-medium">{discountInWords(row)}</span>
            <span className="block text-muted text-xs">
              {goodsOf(row)}
              {row.minSubtotalCents > 0 && ` · from ${formatCents(row.minSubtotalCents)}`}
            </span>
          </td>
          <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap text-sm`}>
            <When row={row} />
          </td>
          <td className={`${td} ${hiddenBelow.md} text-right text-sm tabular-nums`}>
            {row.usedCount}
            {row.usageLimit !== null && <span className="text-muted"> / {row.usageLimit}</span>}
          </td>
          <td className={td}>
            <DiscountStatusBadge status={row.status} />
          </td>
          <td className={`${td} text-right`}>
            <span className="inline-flex gap-1">
              <EditRowAction thing={row.code} to={discountPath(row.id)} />
              {row.timesUsed === 0 && <DeleteRowAction thing={row.code} onClick={() => onDelete(row)} />}
            </span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
