import type { ManagedUser } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/admin-table.tsx";
import { customerPath } from "../../../lib/admin-paths.ts";
import { fullName } from "../format.ts";
import { StatusBadge, VerifiedBadge } from "./account-badges.tsx";

interface Props {
  customers: ManagedUser[];
  /** The list's own address, so that the customer page can lead back to the same search. */
  listSearch: string;
  /** An older page stays on screen, dimmed, while the next one loads. */
  stale: boolean;
}

/** Customers, one row each; a row opens the customer (its name is the link, the whole row is its target). */
export function CustomersTable({ customers, listSearch, stale }: Props) {
  const { td } = cell;
  const wide = hiddenBelow.md;
  return (
    <AdminTable
      caption="Customers"
      stale={stale}
      columns={[
        { label: "Name" },
        { label: "E-mail", className: wide },
        { label: "Verified", className: wide },
        { label: "Created", className: wide },
        { label: "Status" },
      ]}
    >
      {customers.map((customer) => (
        <tr key={customer.id} className="relative hover:bg-brand-50/50">
          <td className={td}>
            <Link
              to={customerPath(customer.id)}
              state={{ listSearch }}
              className="font-semibold after:absolute after:inset-0 hover:text-brand-700"
            >
              {fullName(customer)}
            </Link>
            <span className="mt-0.5 block break-all text-muted md:hidden">{customer.email}</span>
          </td>
          <td className={`${td} ${wide} break-all text-muted`}>{customer.email}</td>
          <td className={`${td} ${wide}`}>
            <VerifiedBadge verified={customer.emailVerified} />
          </td>
          <td className={`${td} ${wide} whitespace-nowrap text-muted`}>{formatDate(customer.createdAt, "day")}</td>
          <td className={td}>
            <span className="flex items-center justify-between gap-2">
              <StatusBadge disabled={customer.disabled} />
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted" />
            </span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
