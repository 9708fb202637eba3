import type { Address } from "@shop/shared";
import { AddressLines } from "../../../components/address-lines.tsx";

const action =
  "rounded-full px-3 py-1.5 font-medium text-sm hover:bg-brand-50 disabled:cursor-wait disabled:opacity-60";

interface Props {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}

/** One address of the address book, with what can be done to it. */
export function AddressCard({ address, busy, onEdit, onMakeDefault, onDelete }: Props) {
  // Buttons repeat on every card; the hidden words say which address each one acts on.
  const which = <span className="sr-only"> {`${address.fullName}, ${address.line1}`}</span>;
  return (
    <li className="flex flex-col rounded-2xl border border-line bg-white p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{address.fullName}</p>
        {address.isDefault && (
          <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-900 text-xs">
            Default
          </span>
        )}
      </div>
      <AddressLines address={address} className="mt-2 flex-1 text-muted" />
      <div className="-mx-3 mt-4 flex flex-wrap gap-1">
        <button type="button" onClick={onEdit} disabled={busy} className={`${action} text-brand-700`}>
          Edit{which}
        </button>
        {!address.isDefault && (
          <button type="button" onClick={onMakeDefault} disabled={busy} className={`${action} text-brand-700`}>
            Make default{which}
          </button>
        )}
        <button type="button" onClick={onDelete} disabled={busy} className={`${action} text-red-700 hover:bg-red-50`}>
          Delete{which}
        </button>
      </div>
    </li>
  );
}
