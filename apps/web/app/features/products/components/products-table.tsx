import type { AdminProductRow } from "@shop/shared";
import { Eye, EyeOff, ImageOff, Pencil, Trash } from "lucide-react";
import { Link } from "react-router";
import { RowAction } from "../../../components/ui/row-action.tsx";
import { formatPrice, shownPrice } from "../format.ts";

const th = "px-2 py-3 sm:px-3 text-left font-semibold text-muted text-xs uppercase tracking-wider";
const td = "px-2 py-3 align-middle sm:px-3";
/** Columns a phone has no room for; their facts move under the name there. */
const wide = "hidden lg:table-cell";
const medium = "hidden md:table-cell";
const frame = "overflow-x-auto rounded-2xl border border-line bg-white";

export const editPath = (id: string) => `/dashboard/products/${encodeURIComponent(id)}/edit`;

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 font-semibold text-xs ${
        active ? "bg-brand-50 text-brand-900" : "bg-gray-100 text-gray-700"
      }`}
    >
      {active ? "Active" : "Inactive"}
    </span>
  );
}

/** Stock on hand; `labelled` where no column heading says what the number is (the phone's line). */
function Stock({ stock, labelled = false }: { stock: number; labelled?: boolean }) {
  if (stock <= 0) {
    return (
      <span className="inline-flex whitespace-nowrap rounded-full bg-red-50 px-2.5 py-0.5 font-semibold text-red-800 text-xs">
        Out of stock
      </span>
    );
  }
  const count = stock.toLocaleString("en-US");
  return <span className="tabular-nums">{labelled ? `${count} in stock` : count}</span>;
}

interface Props {
  products: AdminProductRow[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  /** The product whose Activate or Deactivate is on its way. */
  busyId: string | null;
  onToggle: (product: AdminProductRow) => void;
  onDelete: (product: AdminProductRow) => void;
  /** An older page stays on screen, dimmed, while the next one loads. */
  stale: boolean;
}

/** Products, one row each, with a checkbox for bulk actions and the row's own actions. */
export function ProductsTable({ products, selected, onSelect, onSelectAll, busyId, onToggle, onDelete, stale }: Props) {
  const allSelected = products.length > 0 && products.every((product) => selected.has(product.id));
  const someSelected = !allSelected && products.some((product) => selected.has(product.id));
  return (
    <div className={`${frame} transition-opacity ${stale ? "opacity-60" : ""}`} aria-busy={stale || undefined}>
      <table className="w-full text-sm">
        <caption className="sr-only">Products</caption>
        <thead className="border-line border-b bg-gray-50/80">
          <tr>
            <th scope="col" className={`${th} w-10`}>
              <input
                type="checkbox"
                aria-label="Select all on page"
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected;
                }}
                onChange={(event) => onSelectAll(event.target.checked)}
                className="size-4.5 accent-brand-700"
              />
            </th>
            <th scope="col" className={th}>
              Product
            </th>
            <th scope="col" className={`${th} ${wide}`}>
              Category
            </th>
            <th scope="col" className={`${th} ${medium} text-right`}>
              Price
            </th>
            <th scope="col" className={`${th} ${medium}`}>
              Stock
            </th>
            <th scope="col" className={`${th} ${medium}`}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {products.map((product) => {
            const busy = busyId === product.id;
            const price = shownPrice(product);
            return (
              <tr
                key={product.id}
                className={selected.has(product.id) ? "bg-brand-50/60" : "hover:bg-brand-50/30"}
                data-product-id={product.id}
              >
                <td className={td}>
                  <input
                    type="checkbox"
                    aria-label={`Select “${product.name}”`}
                    checked={selected.has(product.id)}
                    onChange={(event) => onSelect(product.id, event.target.checked)}
                    className="size-4.5 accent-brand-700"
                  />
                </td>
                <td className={td}>
                  <span className="flex items-center gap-3">
                    {product.image ? (
                      <img
                        src={product.image.srcSet.split(" ")[0] ?? product.image.src}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                        className="size-12 shrink-0 rounded-lg border border-line object-cover"
                      />
                    ) : (
                      <span
                        aria-hidden="true"
                        className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-gray-400"
                      >
                        <ImageOff className="size-5" />
                      </span>
                    )}
                    <span className="min-w-0">
                      <Link
                        to={editPath(product.id)}
                        className="line-clamp-2 font-semibold hover:text-brand-700 hover:underline"
                      >
                        {product.name}
                      </Link>
                      <span className="mt-0.5 block font-mono text-muted text-xs">{product.sku}</span>
                      <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted text-xs md:hidden">
                        <span className="font-semibold text-ink">{formatPrice(product)}</span>
                        <Stock stock={product.stock} labelled />
                        <ActiveBadge active={product.active} />
                      </span>
                    </span>
                  </span>
                </td>
                <td className={`${td} ${wide} text-muted`}>{product.category.name}</td>
                <td className={`${td} ${medium} whitespace-nowrap text-right`}>
                  <span className="font-semibold tabular-nums">{formatPrice(product)}</span>
                  {price && price.unit !== "price" && <span className="block text-muted text-xs">{price.unit}</span>}
                </td>
                <td className={`${td} ${medium}`}>
                  <Stock stock={product.stock} />
                </td>
                <td className={`${td} ${medium}`}>
                  <ActiveBadge active={product.active} />
                </td>
                <td className={td}>
                  <span className="flex flex-col items-end gap-1.5 sm:flex-row sm:justify-end">
                    <RowAction
                      icon={Pencil}
                      label="Edit"
                      name={`Edit “${product.name}”`}
                      to={editPath(product.id)}
                      wordsFrom="2xl"
                    />
                    <RowAction
                      icon={product.active ? EyeOff : Eye}
                      label={product.active ? "Deactivate" : "Activate"}
                      name={`${product.active ? "Deactivate" : "Activate"} “${product.name}”`}
                      onClick={() => onToggle(product)}
                      busy={busy}
                      wordsFrom="2xl"
                    />
                    <RowAction
                      icon={Trash}
                      label="Delete"
                      name={`Delete “${product.name}”`}
                      onClick={() => onDelete(product)}
                      wordsFrom="2xl"
                      destructive
                    />
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The table's shape while the first page loads. */
export function ProductsTableSkeleton({ rows = 8 }: { rows?: number }) {
  const bar = "block h-3.5 animate-pulse rounded bg-gray-200";
  return (
    <div className={frame} aria-hidden="true">
      <div className="h-11 border-line border-b bg-gray-50/80" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={index} className="flex items-center gap-4 border-line border-b px-3 py-3 last:border-b-0">
          <span className="size-4 animate-pulse rounded bg-gray-200" />
          <span className="size-12 shrink-0 animate-pulse rounded-lg bg-gray-200" />
          <span className="min-w-0 flex-1">
            <span className={`${bar} w-48 max-w-full`} />
            <span className={`${bar} mt-2 w-20`} />
          </span>
          <span className={`${bar} hidden w-24 lg:block`} />
          <span className={`${bar} hidden w-16 md:block`} />
          <span className={`${bar} hidden w-12 md:block`} />
          <span className="h-9 w-28 animate-pulse rounded-full bg-gray-200" />
        </div>
      ))}
    </div>
  );
}
