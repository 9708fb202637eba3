import type { AdminOrder } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import type { ReactNode } from "react";
import { AddressLines } from "../../../components/address-lines.tsx";
import { formatPhone } from "../../../lib/format.ts";
import { addressLines } from "../../../lib/store.ts";
import { usePrintStore } from "./print-store.ts";

/**
 * The top of a printed document: the shop on the left, the document's name and its facts
 * (`children`, a list's terms) on the right. Its name is the page's heading, or a second-level
 * one where a page prints several documents under a heading of its own.
 */
export function SheetHeader({ title, level = 1, children }: { title: string; level?: 1 | 2; children: ReactNode }) {
  const store = usePrintStore();
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <header className="flex flex-wrap items-start justify-between gap-x-8 gap-y-4 border-ink border-b-2 pb-4">
      <div>
        <p className="font-bold text-xl tracking-tight">{store.name}</p>
        <p className="mt-1 text-muted text-xs leading-5">
          {addressLines(store).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          <span className="block">
            {store.email}
            {store.phone && ` · ${formatPhone(store.phone)}`}
          </span>
        </p>
      </div>
      <div className="sm:text-right print:text-right">
        <Heading className="font-bold text-2xl uppercase tracking-wide">{title}</Heading>
        <dl className="mt-1 grid grid-cols-[auto_auto] justify-start gap-x-3 text-sm sm:justify-end print:justify-end">
          {children}
        </dl>
      </div>
    </header>
  );
}

/** An order document's header: its number and date. */
export function DocumentHeader({
  title,
  order,
  numberLabel,
  extra,
  level,
}: {
  title: string;
  order: AdminOrder;
  numberLabel: string;
  extra?: ReactNode;
  level?: 1 | 2;
}) {
  return (
    <SheetHeader title={title} level={level}>
      <dt className="text-muted">{numberLabel}</dt>
      <dd className="font-mono font-semibold">{order.number}</dd>
      <dt className="text-muted">Date</dt>
      <dd>{formatDate(order.createdAt, "day")}</dd>
      {extra}
    </SheetHeader>
  );
}

/** One labelled block of the document (Ship to, Bill to, Note from the buyer). */
export function DocumentBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="print-keep min-w-0">
      <h2 className="font-semibold text-muted text-xs uppercase tracking-wider">{title}</h2>
      <div className="mt-1">{children}</div>
    </section>
  );
}

/** Where the order goes: the buyer's address, or the store it is picked up at. */
export function Destination({ order }: { order: AdminOrder }) {
  const pickup = order.fulfilment === "pickup";
  return (
    <DocumentBlock title={pickup ? "Pickup in store" : "Ship to"}>
      {pickup && <p className="text-sm">{order.customer.name} collects it at:</p>}
      <AddressLines address={order.shippingAddress} withName />
    </DocumentBlock>
  );
}

/** The buyer's own words at checkout, when there are any. */
export function BuyerNote({ order }: { order: AdminOrder }) {
  if (!order.buyerNote) return null;
  return (
    <DocumentBlock title="Note from the buyer">
      <p className="whitespace-pre-line break-words rounded-md border border-line px-3 py-2 text-sm">
        {order.buyerNote}
      </p>
    </DocumentBlock>
  );
}

export const cell = "border-line border-b px-2 py-2 align-top";
const headCell = "border-ink border-b px-2 py-1.5 text-left font-semibold text-xs uppercase tracking-wider";

/** A column's heading: its words and the classes it adds to the heading cell (width, alignment). */
interface DocumentColumn {
  label: string;
  className?: string;
}

/**
 * A document's table under its column headings (`children`: the body's rows): scrolled sideways on a
 * narrow screen rather than squeezed, whole on paper.
 */
export function DocumentTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly DocumentColumn[];
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className="overflow-x-auto print:overflow-visible">
      <table className="w-full min-w-[30rem] border-collapse text-sm print:min-w-0">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.className ? `${headCell} ${column.className}` : headCell}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
