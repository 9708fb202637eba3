import type { Address } from "@shop/shared";
import { MAX_ADDRESSES } from "@shop/shared/constants";
import { MapPin, MapPinPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { addressInput } from "../../components/form/address-fields.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DeleteDialog, useDeletion } from "../../components/ui/delete-dialog.tsx";
import { type Status, StatusMessage } from "../../components/ui/status-message.tsx";
import { AddressCard } from "../../features/account/components/address-card.tsx";
import { AddressForm } from "../../features/account/components/address-form.tsx";
import { apiRequest, errorMessage } from "../../lib/api.ts";
import { requireUser } from "../../lib/guards.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/addresses";

export function meta() {
  return [...pageMeta("My Addresses", "The addresses you ship to."), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  return { addresses: await context.services.accounts.listAddresses(user.id) };
}

const failure = (error: unknown): Status => ({
  kind: "error",
  text: errorMessage(error),
});

/** The address book: add, edit, choose the default, delete (after asking). The list reloads after each change. */
export default function Addresses({ loaderData }: Route.ComponentProps) {
  const { addresses } = loaderData;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<"new" | string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const full = addresses.length >= MAX_ADDRESSES;
  const deletion = useDeletion<Address>(busy, (address, closeDialog) => {
    void change(
      () => apiRequest<null>(`/api/account/addresses/${address.id}`, { method: "DELETE" }),
      "The address is deleted.",
    ).then(closeDialog);
  });

  // After a change the control that had focus is often gone (a closed form, a deleted card):
  // focus goes to the list's heading, once the dialog (a child, whose effect runs first) is closed.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (refocus.current && !deletion.item) {
      refocus.current = false;
      headingRef.current?.focus();
    }
  });
  const close = () => {
    setEditing(null);
    refocus.current = true;
  };

  async function change(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    setStatus(null);
    try {
      await work();
      await revalidator.revalidate();
      setStatus({ kind: "success", text: done });
      close();
    } catch (error) {
      setStatus(failure(error));
    } finally {
      setBusy(false);
    }
  }

  async function saved(text: string) {
    close();
    await revalidator.revalidate();
    setStatus({ kind: "success", text });
  }

  return (
    <section aria-labelledby="addresses-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-title" ref={headingRef} tabIndex={-1} className="font-semibold text-xl">
          Addresses
        </h2>
        {editing !== "new" && (
          <Button
            onClick={() => {
              setStatus(null);
              setEditing("new");
            }}
            disabled={full || busy}
            aria-describedby={full ? "addresses-full" : undefined}
            size="lg"
            className="disabled:cursor-not-allowed"
          >
            <MapPinPlus aria-hidden="true" className="size-4" />
            Add address
          </Button>
        )}
      </div>
      {full && (
        <p id="addresses-full" className="mt-2 text-muted text-sm">
          You have {MAX_ADDRESSES} addresses, the most an account can keep. Delete one to add another.
        </p>
      )}
      {status && <StatusMessage status={status} className="mt-4" />}

      {editing === "new" && (
        <div className="mt-4">
          <AddressForm onSaved={() => saved("The address is added.")} onCancel={close} />
        </div>
      )}

      {addresses.length === 0 && editing !== "new" ? (
        <EmptyState icon={MapPin} title="No saved addresses" className="mt-4">
          Add the addresses you ship to and choose your default.
        </EmptyState>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {addresses.map((address) =>
            editing === address.id ? (
              <li key={address.id} className="md:col-span-2">
                <AddressForm address={address} onSaved={() => saved("The address is saved.")} onCancel={close} />
              </li>
            ) : (
              <AddressCard
                key={address.id}
                address={address}
                busy={busy}
                onEdit={() => {
                  setStatus(null);
                  setEditing(address.id);
                }}
                onMakeDefault={() =>
                  change(
                    () =>
                      apiRequest<Address>(`/api/account/addresses/${address.id}`, {
                        method: "PUT",
                        body: { ...addressInput(address), isDefault: true },
                      }),
                    `${address.fullName}, ${address.line1} is now your default address.`,
                  )
                }
                onDelete={() => deletion.ask(address)}
              />
            ),
          )}
        </ul>
      )}

      <DeleteDialog deletion={deletion} title="Delete this address?" confirmLabel="Delete address">
        {deletion.item && (
          <p>
            {deletion.item.fullName}, {deletion.item.line1}, {deletion.item.city}, {deletion.item.state}{" "}
            {deletion.item.zip} will be removed from your address book.
          </p>
        )}
      </DeleteDialog>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
