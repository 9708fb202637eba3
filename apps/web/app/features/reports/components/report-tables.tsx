import type {
  CategorySalesReport,
  LowStock,
  ProductSalesReport,
  StateReport,
  StatusReport,
  VariantSalesReport,
} from "@shop/shared";
import { US_STATES } from "@shop/shared/constants";
import { formatCents, formatCount } from "@shop/shared/rules";
import { Link } from "react-router";
import { AdminTable, cell } from "../../../components/admin-list/admin-table.tsx";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { productEditPath, variantStockPath } from "../../../lib/admin-paths.ts";
import { countOf } from "../../../lib/format.ts";

const { td } = cell;
const number = `${td} whitespace-nowrap text-right tabular-nums`;
const right = "text-right";

/** The top products, or the top variants (each named with its options), by sales; each links to its product. */
export function ProductsTable({
  report,
  caption = "Top products by sales",
}: {
  report: ProductSalesReport | VariantSalesReport;
  caption?: string;
}) {
  return (
    <AdminTable
      caption={caption}
      columns={[{ label: "Product" }, { label: "Units", className: right }, { label: "Sales", className: right }]}
    >
      {report.items.map((row) => (
        <tr key={"variantId" in row ? row.variantId : row.productId}>
          <td className={td}>
            <Link
              to={productEditPath(row.productId)}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {row.name}
            </Link>
            <span className="block text-muted text-xs">
              {row.sku} · {countOf(row.orders, "order", "orders")}
            </span>
          </td>
          <td className={number}>{formatCount(row.quantity)}</td>
          <td className={number}>{formatCents(row.salesCents)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function CategoriesTable({ report }: { report: CategorySalesReport }) {
  const total = report.items.reduce((sum, row) => sum + row.salesCents, 0);
  return (
    <AdminTable
      caption="Sales by category"
      columns={[{ label: "Category" }, { label: "Units", className: right }, { label: "Sales", className: right }]}
    >
      {report.items.map((row) => (
        <tr key={row.categoryId ?? "none"}>
          <td className={td}>
            <span className="font-medium">{row.name}</span>
            <span className="mt-1 block h-1.5 w-full rounded-full bg-gray-100">
              <span
                className="block h-1.5 rounded-full bg-brand-600"
                style={{ width: `${total === 0 ? 0 : (row.salesCents / total) * 100}%` }}
              />
            </span>
          </td>
          <td className={number}>{formatCount(row.quantity)}</td>
          <td className={number}>
            {formatCents(row.salesCents)}
            <span className="block text-muted text-xs">
              {total === 0 ? "0" : Math.round((row.salesCents / total) * 100)} %
            </span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function StatusesTable({ report }: { report: StatusReport }) {
  return (
    <AdminTable
      caption="Orders by status"
      columns={[{ label: "Status" }, { label: "Orders", className: right }, { label: "Totals", className: right }]}
    >
      {report.items.map((row) => (
        <tr key={row.status}>
          <td className={td}>
            <OrderStatusBadge status={row.status} />
          </td>
          <td className={number}>{formatCount(row.orders)}</td>
          <td className={number}>{formatCents(row.totalCents)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function StatesTable({ report }: { report: StateReport }) {
  return (
    <AdminTable
      caption="Sales by state"
      columns={[{ label: "State" }, { label: "Orders", className: right }, { label: "Revenue", className: right }]}
    >
      {report.items.map((row) => (
        <tr key={row.state}>
          <td className={td}>
            <span className="font-medium">{US_STATES[row.state as keyof typeof US_STATES] ?? row.state}</span>{" "}
            <span className="text-muted text-xs">{row.state}</span>
          </td>
          <td className={number}>{formatCount(row.orders)}</td>
          <td className={number}>{formatCents(row.revenueCents)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function LowStockTable({ report }: { report: LowStock }) {
  return (
    <AdminTable
      caption={`Products and variants with ${report.threshold} or fewer pieces in stock`}
      columns={[{ label: "Product" }, { label: "In stock", className: right }]}
    >
      {report.items.map((row) => (
        <tr key={row.id}>
          <td className={td}>
            <Link
              to={variantStockPath(row.productId, row.id)}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {row.name}
            </Link>
            <span className="block text-muted text-xs">{row.sku}</span>
          </td>
          <td className={number}>
            <span className={row.stock === 0 ? "font-semibold text-red-800" : "font-semibold text-amber-900"}>
              {row.stock === 0 ? "Sold out" : formatCount(row.stock)}
            </span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
