import type { ManagedUser } from "@shop/shared";
import { roleLabels } from "@shop/shared/constants";
import { formatCents, formatCount, formatDate } from "@shop/shared/rules";
import { ReceiptText, UserX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { href } from "react-router";
import { AdminList, pageOf, useListParams } from "../../components/admin-list/index.ts";
import { AdminDetail, BackToList, isNotFound } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { type Status, StatusMessage } from "../../components/ui/status-message.tsx";
import { useOrders } from "../../features/orders/api/get-orders.ts";
import { OrdersTable } from "../../features/orders/components/orders-table.tsx";
import { useCustomer } from "../../features/users/api/get-customer.ts";
import { useSetCustomerDisabled } from "../../features/users/api/set-customer-disabled.ts";
import { StatusBadge, VerifiedBadge } from "../../features/users/components/account-badges.tsx";
import { DateOfBirthEditor } from "../../features/users/components/date-of-birth-editor.tsx";
import { fullName } from "../../features/users/format.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { errorMessage } from "../../lib/api-error.ts";
import { formatPhone } from "../../lib/format.ts";
import type { Route } from "./+types/customer";

export function meta() {
  return adminMeta("Customer");
}

const LIST_PATH = href("/dashboard/users/customers");

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-3.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium text-muted text-sm">{term}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function CustomerDetails({ customer }: { customer: ManagedUser }) {
  return (
    <section aria-labelledby="account-title" className="rounded-2xl border border-line bg-white">
      <h2 id="account-title" className="border-line border-b px-5 py-4 font-semibold">
        Account
      </h2>
      <dl className="divide-y divide-line">
        <Detail term="Status">
          <StatusBadge disabled={customer.disabled} />
          <span className="mt-1 block text-muted">
            {customer.disabled
              ? "This customer cannot sign in until the account is enabled again."
              : "This customer can sign in and use their account."}
          </span>
        </Detail>
        <Detail term="E-mail">
          <a href={`mailto:${customer.email}`} className="hover:underline">
            {customer.email}
          </a>
        </Detail>
        <Detail term="E-mail verified">
          <VerifiedBadge verified={customer.emailVerified} />
        </Detail>
        <Detail term="Role">{roleLabels[customer.role]}</Detail>
        <Detail term="Date of birth">
          <DateOfBirthEditor customer={customer} />
        </Detail>
        <Detail term="Phone">
          {customer.phone ? formatPhone(customer.phone) : <span className="text-muted">Not given</span>}
        </Detail>
        <Detail term="Created">{formatDate(customer.createdAt, "moment")}</Detail>
        <Detail term="Last sign-in">
          {customer.lastLoginAt ? (
            formatDate(customer.lastLoginAt, "moment")
          ) : (
            <span className="text-muted">Never</span>
          )}
        </Detail>
      </dl>
    </section>
  );
}

/** The customer's orders, newest first, a page at a time, with how many and what they spent. */
function CustomerOrders({ customerId }: { customerId: string }) {
  const { page } = useListParams();
  const orders = useOrders({ customer: customerId, page });
  const data = orders.data;
  return (
    <section aria-labelledby="orders-title" className="mt-6">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <h2 id="orders-title" className="font-semibold text-lg">
          Orders
        </h2>
        {data && (
          <dl className="flex gap-6 text-sm">
            <div>
              <dt className="text-muted">Orders placed</dt>
              <dd className="font-semibold tabular-nums">{formatCount(data.total)}</dd>
            </div>
            <div>
              <dt className="text-muted">Total spent</dt>
              <dd className="font-semibold tabular-nums">{formatCents(data.spentCents ?? 0)}</dd>
            </div>
          </dl>
        )}
      </div>
      <AdminList
        query={orders}
        page={data && pageOf(data)}
        noun={{ one: "order", many: "orders" }}
        what="this customer's orders"
        icon={ReceiptText}
        table={(items, stale) => <OrdersTable orders={items} stale={stale} listSearch="" buyer={false} />}
        empty={{ title: "No orders yet", children: "This customer has not placed an order." }}
      />
      <p className="mt-2 text-muted text-xs">Total spent: the payments received from this customer, less refunds.</p>
    </section>
  );
}

function DetailsSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-line bg-white">
      <div className="border-line border-b px-5 py-4">
        <span className="block h-4 w-24 animate-pulse rounded bg-gray-200" />
      </div>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={index} className="grid gap-2 border-line border-b px-5 py-4 last:border-b-0 sm:grid-cols-[12rem_1fr]">
          <span className="block h-3.5 w-24 animate-pulse rounded bg-gray-200" />
          <span className="block h-3.5 w-48 animate-pulse rounded bg-gray-200" />
        </div>
      ))}
    </div>
  );
}

export default function Customer({ params }: Route.ComponentProps) {
  const { id } = params;
  const customer = useCustomer(id);
  const setDisabled = useSetCustomerDisabled();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const name = customer.data ? fullName(customer.data) : undefined;

  function change(disabled: boolean) {
    setStatus(null);
    setDisabled.mutate(
      { id, disabled },
      {
        onSuccess: (updated) => {
          setConfirming(false);
          setStatus({
            kind: "success",
            text: disabled
              ? `${fullName(updated)}'s account is disabled and every session of it has ended.`
              : `${fullName(updated)}'s account is enabled; they can sign in again.`,
          });
        },
        onError: (error) => {
          setConfirming(false);
          setStatus({
            kind: "error",
            text: errorMessage(error, "The account could not be changed."),
          });
        },
      },
    );
  }

  // Busy buttons are aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
  const notFound = isNotFound(customer);
  const actions = customer.data ? (
    customer.data.disabled ? (
      <Button
        onClick={() => !setDisabled.isPending && change(false)}
        aria-disabled={setDisabled.isPending || undefined}
      >
        {setDisabled.isPending ? "Enabling..." : "Enable account"}
      </Button>
    ) : (
      <Button
        onClick={() => !setDisabled.isPending && setConfirming(true)}
        aria-disabled={setDisabled.isPending || undefined}
        variant="danger"
      >
        Disable account
      </Button>
    )
  ) : null;

  return (
    <>
      <BackToList to={LIST_PATH}>All customers</BackToList>
      <AdminPageHeader
        title={name ?? (notFound ? "Customer not found" : "Customer")}
        currentLabel={name ?? "Customer"}
        description={customer.data?.email}
        actions={actions}
      />
      {status && <StatusMessage status={status} className="mb-4" />}
      <AdminDetail
        query={customer}
        what="this customer"
        skeleton={<DetailsSkeleton />}
        missing={{
          icon: UserX,
          noun: "customer",
          back: { to: LIST_PATH, label: "Back to customers" },
          why: "The account may have been removed, or the address is mistyped.",
        }}
      >
        {(data) => (
          <>
            <CustomerDetails customer={data} />
            <CustomerOrders customerId={data.id} />
          </>
        )}
      </AdminDetail>
      <ConfirmDialog
        open={confirming}
        title={`Disable ${name ?? "this customer"}'s account?`}
        confirmLabel="Disable account"
        busyLabel="Disabling..."
        busy={setDisabled.isPending}
        destructive
        onConfirm={() => change(true)}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {name ?? "The customer"} will be signed out on every device at once and cannot sign in again until you enable
          the account. Nothing is deleted: their details stay as they are.
        </p>
      </ConfirmDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
