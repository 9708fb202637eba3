import type { AdminProductRow } from "@shop/shared";
import { formatCount } from "@shop/shared/rules";
import { ImageOff } from "lucide-react";
import { Link } from "react-router";
import {
  AdminTable,
  cell,
  hiddenBelow,
  RowImage,
  SelectAllCell,
  SelectCell,
  type Selection,
} from "../../../components/admin-list/index.ts";
import { RegulatoryClassBadges } from "../../../components/regulatory-class-badges.tsx";
import { ActiveRowAction, DeleteRowAction, EditRowAction } from "../../../components/ui/row-action.tsx";
import { productEditPath } from "../../../lib/admin-paths.ts";
import { formatPrice, shownPrice } from "../format.ts";

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

/** A country-wide rule stops it being sold anywhere today; the edit page says why in full. */
function NotSellableBadge({ reason }: { reason: string | null }) {
  if (reason === null) return null;
  return (
    <span
      title={reason}
      className="inline-flex whitespace-nowrap rounded-full bg-red-50 px-2.5 py-0.5 font-semibold text-red-800 text-xs"
    >
      Not sellable
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
  const count = formatCount(stock);
  return <span className="tabular-nums">{labelled ? `${count} in stock` : count}</span>;
}

interface Props {
  products: AdminProductRow[];
  selection: Selection;
  /** The product whose Activate or Deactivate is on its way. */
  busyId: string | null;
  onToggle: (product: AdminProductRow) => void;
  onDelete: (product: AdminProductRow) => void;
  /** An older page stays on screen, dimmed, while the next one loads. */
  stale: boolean;
}

/** Products, one row each, with a checkbox for bulk actions and the row's own actions. */
export function ProductsTable({ products, selection, busyId, onToggle, onDelete, stale }: Props) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Products"
      stale={stale}
      lead={<SelectAllCell selection={selection} ids={products.map((product) => product.id)} />}
      columns={[
        { label: "Product" },
        { label: "Category", className: hiddenBelow.lg },
        { label: "Classes", className: hiddenBelow.md },
        { label: "Price", className: `${hiddenBelow.md} text-right` },
        { label: "Stock", className: hiddenBelow.md },
        { label: "Status", className: hiddenBelow.md },
        { label: "Actions", className: "text-right" },
      ]}
    >
      {products.map((product) => {
        const busy = busyId === product.id;
        const price = shownPrice(product);
        return (
          <tr
            key={product.id}
            className={selection.selected.has(product.id) ? "bg-brand-50/60" : "hover:bg-brand-50/30"}
            data-product-id={product.id}
          >
            <SelectCell selection={selection} id={product.id} name={`“${product.name}”`} />
            <td className={td}>
              <span className="flex items-center gap-3">
                <RowImage
                  image={product.image}
                  width={48}
                  height={48}
                  className="size-12 border border-line"
                  fallback={<ImageOff className="size-5" />}
                />
                <span className="min-w-0">
                  <Link
                    to={productEditPath(product.id)}
                    className="line-clamp-2 font-semibold hover:text-brand-700 hover:underline"
                  >
                    {product.name}
                  </Link>
                  <span className="mt-0.5 block font-mono text-muted text-xs">{product.sku}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted text-xs md:hidden">
                    <span className="font-semibold text-ink">{formatPrice(product)}</span>
                    <Stock stock={product.stock} labelled />
                    <ActiveBadge active={product.active} />
                    <NotSellableBadge reason={product.notSellable} />
                  </span>
                  <span className="mt-1.5 block md:hidden">
                    <RegulatoryClassBadges classes={product.regulatoryClasses} />
                  </span>
                </span>
              </span>
            </td>
            <td className={`${td} ${hiddenBelow.lg} text-muted`}>{product.category.name}</td>
            <td className={`${td} ${hiddenBelow.md} min-w-32`}>
              <RegulatoryClassBadges classes={product.regulatoryClasses} />
            </td>
            <td className={`${td} ${hiddenBelow.md} whitespace-nowrap text-right`}>
              <span className="font-semibold tabular-nums">{formatPrice(product)}</span>
              {price && price.unit !== "price" && <span className="block text-muted text-xs">{price.unit}</span>}
            </td>
            <td className={`${td} ${hiddenBelow.md}`}>
              <Stock stock={product.stock} />
            </td>
            <td className={`${td} ${hiddenBelow.md}`}>
              <span className="flex flex-col items-start gap-1">
                <ActiveBadge active={product.active} />
                <NotSellableBadge reason={product.notSellable} />
              </span>
            </td>
            <td className={td}>
              <span className="flex flex-col items-end gap-1.5 sm:flex-row sm:justify-end">
                <EditRowAction thing={product.name} to={productEditPath(product.id)} wordsFrom="2xl" />
                <ActiveRowAction
                  thing={product.name}
                  active={product.active}
                  onClick={() => onToggle(product)}
                  busy={busy}
                  wordsFrom="2xl"
                />
                <DeleteRowAction thing={product.name} onClick={() => onDelete(product)} wordsFrom="2xl" />
              </span>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
