import type { ManagedUser } from "@shop/shared";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { fullName } from "../format.ts";
import { StatusBadge, VerifiedBadge } from "./account-badges.tsx";

const th = "px-4 py-3 text-left font-semibold text-muted text-xs uppercase tracking-wider";
const td = "px-4 py-3.5 align-middle";
/** Columns a phone has no room for; the e-mail moves under the name there. */
const wide = "hidden md:table-cell";

function Head() {
  return (
    <thead className="border-line border-b bg-gray-50/80">
      <tr>
        <th scope="col" className={th}>
          Name
        </th>
        <th scope="col" className={`${th} ${wide}`}>
          E-mail
        </th>
        <th scope="col" className={`${th} ${wide}`}>
          Verified
        </th>
        <th scope="col" className={`${th} ${wide}`}>
          Created
        </th>
        <th scope="col" className={th}>
          Status
        </th>
      </tr>
    </thead>
  );
}

const frame = "overflow-hidden rounded-2xl border border-line bg-white";

interface Props {
  customers: ManagedUser[];
  /** The list's own address, so that the customer page can lead back to the same search. */
  listSearch: string;
  /** An older page stays on screen, dimmed, while the next one loads. */
  stale: boolean;
}

/** Customers, one row each; a row opens the customer (its name is the link, the whole row is its target). */
export function CustomersTable({ customers, listSearch, stale }: Props) {
  return (
    <div className={`${frame} transition-opacity ${stale ? "opacity-60" : ""}`} aria-busy={stale || undefined}>
      <table className="w-full text-sm">
        <caption className="sr-only">Customers</caption>
        <Head />
        <tbody className="divide-y divide-line">
          {customers.map((customer) => (
            <tr key={customer.id} className="relative hover:bg-brand-50/50">
              <td className={td}>
                <Link
                  to={`/dashboard/users/customers/${encodeURIComponent(customer.id)}`}
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
        </tbody>
      </table>
    </div>
  );
}

/** The table's shape while the first page loads. */
export function CustomersTableSkeleton({ rows = 8 }: { rows?: number }) {
  const bar = "block h-3.5 animate-pulse rounded bg-gray-200";
  return (
    <div className={frame} aria-hidden="true">
      <table className="w-full text-sm">
        <Head />
        <tbody className="divide-y divide-line">
          {Array.from({ length: rows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <tr key={index}>
              <td className={td}>
                <span className={`${bar} w-36`} />
                <span className={`${bar} mt-2 w-44 md:hidden`} />
              </td>
              <td className={`${td} ${wide}`}>
                <span className={`${bar} w-48`} />
              </td>
              <td className={`${td} ${wide}`}>
                <span className={`${bar} w-16`} />
              </td>
              <td className={`${td} ${wide}`}>
                <span className={`${bar} w-20`} />
              </td>
              <td className={td}>
                <span className={`${bar} w-14`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
