import type { Address } from "@shop/shared";
import type { FormEvent } from "react";
import { Form, href } from "react-router";
import { AddressLines } from "../../../components/address-lines.tsx";

const action =
  "rounded-full px-3 py-1.5 font-medium text-sm hover:bg-brand-50 disabled:cursor-wait disabled:opacity-60";

interface Props {
  address: Address;
  busy: boolean;
  /** Asks before deleting, where the page's script runs; without it the form deletes at once. */
  onDelete: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * One address of the address book, with what can be done to it: each a form, so that it works
 * before the page's script has loaded (Edit opens the page with this address's form).
 */
export function AddressCard({ address, busy, onDelete }: Props) {
  // Buttons repeat on every card; the hidden words say which address each one acts on.
  const which = <span className="sr-only"> {`${address.fullName}, ${address.line1}`}</span>;
  const book = href("/account/addresses");
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
        <Form method="get" action={book} preventScrollReset>
          <input type="hidden" name="edit" value={address.id} />
          <button type="submit" disabled={busy} className={`${action} text-brand-700`}>
            Edit{which}
          </button>
        </Form>
        {!address.isDefault && (
          <Form method="post" action={book} preventScrollReset>
            <input type="hidden" name="intent" value="make-default" />
            <input type="hidden" name="id" value={address.id} />
            <button type="submit" disabled={busy} className={`${action} text-brand-700`}>
              Make default{which}
            </button>
          </Form>
        )}
        <Form method="post" action={book} preventScrollReset onSubmit={onDelete}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <button type="submit" disabled={busy} className={`${action} text-red-700 hover:bg-red-50`}>
            Delete{which}
          </button>
        </Form>
      </div>
    </li>
  );
}
