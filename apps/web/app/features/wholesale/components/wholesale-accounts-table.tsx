import type { WholesaleAccountRow } from "@shop/shared";
import { formatCents, formatDate } from "@shop/shared/rules";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/admin-table.tsx";
import { wholesaleAccountPath } from "../../../lib/admin-paths.ts";
import { DocumentFlag } from "./document-flag.tsx";
import { WholesaleStatusBadge } from "./status-badge.tsx";

const day = (value: string | null) => (value ? formatDate(value, "day") : "—");

/** The wholesale accounts, one row each; the business's name opens the account (the whole row is its target). */
export function WholesaleAccountsTable({ accounts, stale }: { accounts: WholesaleAccountRow[]; stale: boolean }) {
  const { td } = cell;
  const { md, lg } = hiddenBelow;
  return (
    <AdminTable
      caption="Wholesale accounts"
      stale={stale}
      columns={[
        { label: "Business" },
        { label: "Buyer", className: lg },
        { label: "Terms", className: md },
        { label: "Licence expires", className: md },
        { label: "Certificate expires", className: lg },
        { label: "Orders", className: `${md} text-right` },
        { label: "Balance due", className: "text-right" },
        { label: "Status" },
      ]}
    >
      {accounts.map((account) => (
        <tr key={account.id} className="relative hover:bg-brand-50/50">
          <td className={td}>
            <Link
              to={wholesaleAccountPath(account.id)}
              className="font-semibold after:absolute after:inset-0 hover:text-brand-700"
            >
              {account.businessName}
            </Link>
            <span className="mt-0.5 block break-all text-muted text-xs lg:hidden">{account.buyer.email}</span>
            {account.expiryFlag && (
              <span className="mt-1 block">
                <DocumentFlag flag={account.expiryFlag} />
              </span>
            )}
          </td>
          <td className={`${td} ${lg}`}>
            <span className="block">{account.buyer.name}</span>
            <span className="block break-all text-muted text-xs">{account.buyer.email}</span>
          </td>
          <td className={`${td} ${md} whitespace-nowrap`}>
            {account.termsDays ? `Net ${account.termsDays}` : <span className="text-muted">None</span>}
          </td>
          <td className={`${td} ${md} whitespace-nowrap text-muted`}>{day(account.licenceExpiresOn)}</td>
          <td className={`${td} ${lg} whitespace-nowrap text-muted`}>{day(account.certificateExpiresOn)}</td>
          <td className={`${td} ${md} text-right tabular-nums`}>{account.orders}</td>
          <td className={`${td} text-right font-medium tabular-nums`}>{formatCents(account.balanceDueCents)}</td>
          <td className={td}>
            <span className="flex items-center justify-between gap-2">
              <WholesaleStatusBadge status={account.status} />
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted" />
            </span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
