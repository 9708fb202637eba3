import { type Address, type AddressFields, addressInputSchema } from "@shop/shared";
import { MAX_ADDRESSES } from "@shop/shared/constants";
import { MapPin, MapPinPlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, href, useNavigation, useSearchParams, useSubmit } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { addressFieldNames } from "../../components/form/address-fields.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DeleteDialog, useDeletion } from "../../components/ui/delete-dialog.tsx";
import { StatusMessage } from "../../components/ui/status-message.tsx";
import { AddressCard } from "../../features/account/components/address-card.tsx";
import { AddressForm, type AddressRefused } from "../../features/account/components/address-form.tsx";
import { type FormRefusal, pick, postedFields, refusalText, schemaMessages } from "../../lib/form-action.ts";
import { requireUser } from "../../lib/guards.ts";
import { pageMeta } from "../../lib/meta.ts";
import { serviceAnswer } from "../../lib/service-answer.server.ts";
import type { Route } from "./+types/addresses";

export function meta() {
  return [...pageMeta("My Addresses", "The addresses you ship to."), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  return { addresses: await context.services.accounts.listAddresses(user.id) };
}

type AddressAnswer = { done: string } | { failed: string } | AddressRefused;

const fieldNames = [...addressFieldNames, "isDefault"] as const;

/**
 * The address book's changes (decision 089), each through the accounts service as its /api
 * route calls it: `save` adds or changes an address (`id` names the one changed), `make-default`
 * and `delete` act on the address `id` names.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context.user);
  const { accounts } = context.services;
  const fields = await postedFields(request);
  const id = fields.id ?? "";
  const failed = (refusal: FormRefusal, status: number) =>
    data<AddressAnswer>({ failed: refusalText(refusal) }, { status });

  if (fields.intent === "delete") {
    const answer = await serviceAnswer(() => accounts.deleteAddress(user.id, id));
    return answer.ok ? data<AddressAnswer>({ done: "The address is deleted." }) : failed(answer.refusal, answer.status);
  }
  if (fields.intent === "make-default") {
    const answer = await serviceAnswer(async () => {
      const address = (await accounts.listAddresses(user.id)).find((saved) => saved.id === id);
      return accounts.updateAddress(user.id, id, { ...address, isDefault: true } as AddressFields);
    });
    if (!answer.ok) return failed(answer.refusal, answer.status);
    const { fullName, line1 } = answer.value;
    return data<AddressAnswer>({ done: `${fullName}, ${line1} is now your default address.` });
  }

  const values = pick(fields, fieldNames);
  const editing = id || "new";
  const refused = (refusal: FormRefusal, status: number) =>
    data<AddressAnswer>({ editing, refusal, values }, { status });
  const checked = addressInputSchema.safeParse(values);
  if (!checked.success) return refused({ invalid: schemaMessages(checked.error) }, 400);
  const answer = await serviceAnswer(() =>
    id ? accounts.updateAddress(user.id, id, checked.data) : accounts.addAddress(user.id, checked.data),
  );
  if (!answer.ok) return refused(answer.refusal, answer.status);
  return data<AddressAnswer>({ done: id ? "The address is saved." : "The address is added." });
}

/**
 * The address book: add, edit, choose the default, delete (after asking, where the page's script
 * runs). Every change is a form posted to this page's action, with or without JavaScript; the
 * form being edited is named in the address (`?edit=`), so Edit and Add work without it too.
 */
export default function Addresses({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { addresses } = loaderData;
  const [params] = useSearchParams();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const refused = answer && "refusal" in answer ? answer : undefined;
  const editing = refused?.editing ?? params.get("edit");
  const full = addresses.length >= MAX_ADDRESSES;
  const book = href("/account/addresses");
  const deletion = useDeletion<Address>(busy, (address, closeDialog) => {
    void submit({ intent: "delete", id: address.id }, { method: "post", action: book, preventScrollReset: true }).then(
      closeDialog,
    );
  });

  // After a change the control that had focus is often gone (a closed form, a deleted card):
  // focus goes to the list's heading, once the dialog (a child, whose effect runs first) is closed.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const done = answer && "done" in answer ? answer.done : null;
  useEffect(() => {
    if (done && !deletion.item) headingRef.current?.focus();
  }, [done, deletion.item]);

  const status = done
    ? { kind: "success" as const, text: done }
    : answer && "failed" in answer
      ? { kind: "error" as const, text: answer.failed }
      : null;

  return (
    <section aria-labelledby="addresses-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-title" ref={headingRef} tabIndex={-1} className="font-semibold text-xl">
          Addresses
        </h2>
        {editing !== "new" && (
          <Form method="get" action={book} preventScrollReset>
            <input type="hidden" name="edit" value="new" />
            <Button
              type="submit"
              disabled={full || busy}
              aria-describedby={full ? "addresses-full" : undefined}
              size="lg"
              className="disabled:cursor-not-allowed"
            >
              <MapPinPlus aria-hidden="true" className="size-4" />
              Add address
            </Button>
          </Form>
        )}
      </div>
      {full && (
        <p id="addresses-full" className="mt-2 text-muted text-sm">
          You have {MAX_ADDRESSES} addresses, the most an account can keep. Delete one to add another.
        </p>
      )}
      {status && <StatusMessage status={status} className="mt-4" />}

      {editing === "new" && !full && (
        <div className="mt-4">
          <AddressForm refused={refused} />
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
                <AddressForm address={address} refused={refused} />
              </li>
            ) : (
              <AddressCard
                key={address.id}
                address={address}
                busy={busy}
                onDelete={(event) => {
                  event.preventDefault();
                  deletion.ask(address);
                }}
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
