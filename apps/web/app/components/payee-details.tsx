import type { PaymentKind, PaymentPayee } from "@shop/shared/constants";
import { payeeLines } from "@shop/shared/rules";
import type { ReactNode } from "react";

/**
 * Where to send the money for a manual payment (decision 078): the account, the Zelle recipient
 * or the money order's payee and address, in the kind's order; `extra` rows (the amount, the
 * reference) after them.
 */
export function PayeeDetails({
  kind,
  payee,
  extra = [],
  className = "",
}: {
  kind: PaymentKind;
  payee: PaymentPayee;
  extra?: readonly (readonly [string, ReactNode])[];
  className?: string;
}) {
  const rows: (readonly [string, ReactNode])[] = [...payeeLines(kind, payee), ...extra];
  return (
    <dl className={`grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 ${className}`}>
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt>{label}</dt>
          <dd className="mt-0.5 whitespace-pre-line break-words font-semibold text-base tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
