import {
  type AdminProductListQuery,
  type AdminProductPage,
  type AdminProductRow,
  type AdminProductSort,
  adminProductSorts,
} from "@shop/shared";
import { PackageSearch, Plus } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Pagination } from "../../components/catalog/pagination.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { inputClass } from "../../components/form/field.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useCategories } from "../../features/categories/api/get-categories.ts";
import { useProducts } from "../../features/products/api/get-products.ts";
import { useBulkProducts, useDeleteProduct } from "../../features/products/api/save-product.ts";
import { ProductsTable, ProductsTableSkeleton } from "../../features/products/components/products-table.tsx";
import { ListSearch } from "../../features/users/components/list-search.tsx";
import { useListSearch } from "../../features/users/use-list-search.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { ApiRequestError, errorMessage } from "../../lib/api.ts";

export function meta() {
  return adminMeta("Products");
}

const LIST_PATH = "/dashboard/products";

const sortLabels: Record<AdminProductSort, string> = {
  updated: "Recently changed",
  newest: "Newest",
  name: "Name (A–Z)",
  price_asc: "Price (low to high)",
  price_desc: "Price (high to low)",
  stock_asc: "Stock (lowest first)",
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function describe(data: AdminProductPage | undefined, filtered: boolean): string | null {
  if (!data) return null;
  const noun = data.total === 1 ? "product" : "products";
  const first = (data.page - 1) * data.pageSize + 1;
  const range =
    data.total > data.pageSize && data.items.length > 0 ? `${first}–${first + data.items.length - 1} of ` : "";
  return `${range}${data.total.toLocaleString("en-US")} ${noun}${filtered ? " matching the filters" : ""}`;
}

type Pending = { kind: "one"; product: AdminProductRow } | { kind: "bulk"; ids: string[] };

export default function Products() {
  const search = useListSearch();
  const location = useLocation();
  const navigate = useNavigate();
  const params = search.params;
  const query = {
    q: search.q || undefined,
    category: params.get("category") || undefined,
    active: oneOf(params.get("active"), ["all", "true", "false"] as const, "all"),
    stock: oneOf(params.get("stock"), ["all", "in", "out"] as const, "all"),
    sort: oneOf(params.get("sort"), adminProductSorts, "updated"),
    page: search.page,
  } satisfies AdminProductListQuery;
  const filtered = Boolean(query.q || query.category || query.active !== "all" || query.stock !== "all");
  const products = useProducts(query);
  const categories = useCategories();
  const bulk = useBulkProducts();
  const deleteProduct = useDeleteProduct();
  const data = products.data;

  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  // A selection belongs to the rows on screen: another page or filter starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger
  useEffect(() => setSelected(new Set()), [location.search]);

  function setParam(name: string, value: string, fallback: string) {
    const next = new URLSearchParams(location.search);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    next.delete("page");
    const text = next.toString();
    navigate(`${LIST_PATH}${text ? `?${text}` : ""}`, { preventScrollReset: true });
  }

  function toggle(product: AdminProductRow) {
    setBusyId(product.id);
    bulk.mutate(
      { ids: [product.id], action: product.active ? "deactivate" : "activate" },
      {
        onSuccess: () => toast.success(`“${product.name}” ${product.active ? "deactivated" : "activated"}`),
        onError: (error) =>
          toast.error(
            `Failed to ${product.active ? "deactivate" : "activate"} “${product.name}”: ${errorMessage(error)}`,
          ),
        onSettled: () => setBusyId(null),
      },
    );
  }

  function runBulk(action: "activate" | "deactivate" | "delete", ids: string[]) {
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setSelected(new Set());
          setPending(null);
        },
        onError: (error) => {
          toast.error(`Failed to ${action} the selected products: ${errorMessage(error)}`);
          setPending(null);
        },
      },
    );
  }

  function confirmDelete() {
    if (!pending) return;
    if (pending.kind === "bulk") {
      runBulk("delete", pending.ids);
      return;
    }
    const { product } = pending;
    deleteProduct.mutate(product.id, {
      onSuccess: () => {
        toast.success(`“${product.name}” deleted`);
        setSelected((current) => {
          const next = new Set(current);
          next.delete(product.id);
          return next;
        });
        setPending(null);
      },
      onError: (error) => {
        // Gone already: the list simply catches up.
        if (error instanceof ApiRequestError && error.status === 404) products.refetch();
        toast.error(`Failed to delete “${product.name}”: ${errorMessage(error)}`);
        setPending(null);
      },
    });
  }

  let body: ReactNode;
  if (products.isPending) {
    body = <ProductsTableSkeleton />;
  } else if (products.isError && !data) {
    body = <LoadError what="the products" error={products.error} onRetry={() => products.refetch()} />;
  } else if (data && data.items.length > 0) {
    const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize));
    body = (
      <>
        <ProductsTable
          products={data.items}
          selected={selected}
          onSelect={(id, on) =>
            setSelected((current) => {
              const next = new Set(current);
              if (on) next.add(id);
              else next.delete(id);
              return next;
            })
          }
          onSelectAll={(on) => setSelected(on ? new Set(data.items.map((product) => product.id)) : new Set())}
          busyId={busyId}
          onToggle={toggle}
          onDelete={(product) => setPending({ kind: "one", product })}
          stale={products.isPlaceholderData}
        />
        <Pagination currentPage={data.page} totalPages={totalPages} search={params} />
      </>
    );
  } else if (data && data.total > 0) {
    const first = new URLSearchParams(location.search);
    first.delete("page");
    body = (
      <EmptyState
        icon={PackageSearch}
        title="This page is past the end of the list"
        action={{ to: `${LIST_PATH}${first.size ? `?${first}` : ""}`, label: "Go to the first page" }}
      >
        {describe(data, filtered)} fit on fewer pages than this page number.
      </EmptyState>
    );
  } else if (filtered) {
    body = (
      <EmptyState
        icon={PackageSearch}
        title="No products found"
        action={{ to: LIST_PATH, label: "Clear the search and filters" }}
      >
        {query.q
          ? `No product's name, SKU or brand matches “${query.q}” with these filters.`
          : "No product fits these filters."}
      </EmptyState>
    );
  } else {
    body = (
      <EmptyState
        icon={PackageSearch}
        title="No products yet"
        action={{ to: `${LIST_PATH}/add`, label: "Add the first product" }}
      >
        Products you add appear here, ready to edit, activate or remove.
      </EmptyState>
    );
  }

  const summary = products.isPending
    ? "Loading products…"
    : products.isPlaceholderData
      ? "Loading…"
      : describe(data, filtered);
  const selectedIds = [...selected];
  const selectClass = `${inputClass} h-11 py-0 text-sm`;
  const bulkButton =
    "inline-flex h-9 items-center rounded-full border border-line bg-white px-3.5 font-medium text-sm hover:border-ink disabled:cursor-wait disabled:opacity-60";

  return (
    <>
      <AdminPageHeader
        title="Products"
        description="Every product in the shop, active or not. Search, filter, and edit or remove them."
        actions={
          <Link
            to={`${LIST_PATH}/add`}
            className="inline-flex items-center gap-1.5 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-900"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add Product
          </Link>
        }
      />
      <div className="mb-4 grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto]">
        <ListSearch
          id="product-search"
          label="Search products"
          placeholder="Name, SKU or brand"
          value={search.draft}
          onChange={search.change}
          onSubmit={search.submit}
        />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <label className="min-w-0">
            <span className="sr-only">Category</span>
            <select
              aria-label="Category"
              value={query.category ?? ""}
              onChange={(event) => setParam("category", event.target.value, "")}
              className={selectClass}
            >
              <option value="">All categories</option>
              {categories.data?.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </label>
          <label className="min-w-0">
            <span className="sr-only">Status</span>
            <select
              aria-label="Status"
              value={query.active}
              onChange={(event) => setParam("active", event.target.value, "all")}
              className={selectClass}
            >
              <option value="all">Any status</option>
              <option value="true">Active</option>
              <option value="false">Inactive</option>
            </select>
          </label>
          <label className="min-w-0">
            <span className="sr-only">Stock</span>
            <select
              aria-label="Stock"
              value={query.stock}
              onChange={(event) => setParam("stock", event.target.value, "all")}
              className={selectClass}
            >
              <option value="all">Any stock</option>
              <option value="in">In stock</option>
              <option value="out">Out of stock</option>
            </select>
          </label>
          <label className="min-w-0">
            <span className="sr-only">Sort by</span>
            <select
              aria-label="Sort by"
              value={query.sort}
              onChange={(event) => setParam("sort", event.target.value, "updated")}
              className={selectClass}
            >
              {adminProductSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabels[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <div className="mb-3 flex min-h-9 flex-wrap items-center justify-between gap-3">
        {selectedIds.length > 0 ? (
          <div role="toolbar" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-sm">{selectedIds.length} selected</span>
            <button
              type="button"
              disabled={bulk.isPending}
              onClick={() => runBulk("activate", selectedIds)}
              className={bulkButton}
            >
              Activate
            </button>
            <button
              type="button"
              disabled={bulk.isPending}
              onClick={() => runBulk("deactivate", selectedIds)}
              className={bulkButton}
            >
              Deactivate
            </button>
            <button
              type="button"
              disabled={bulk.isPending}
              onClick={() => setPending({ kind: "bulk", ids: selectedIds })}
              className={`${bulkButton} text-red-800 hover:border-red-700 hover:bg-red-50`}
            >
              Delete
            </button>
            <button
              type="button"
              onClick={() => setSelected(new Set())}
              className="px-2 font-medium text-muted text-sm underline-offset-2 hover:text-ink hover:underline"
            >
              Clear selection
            </button>
          </div>
        ) : (
          <span />
        )}
        <p aria-live="polite" className="text-muted text-sm">
          {summary}
        </p>
      </div>
      {products.isError && data && (
        <p role="alert" className="mb-3 text-red-700 text-sm">
          {products.error.message}
        </p>
      )}
      {body}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === "bulk" && pending.ids.length > 1
            ? `Delete ${pending.ids.length} products?`
            : "Delete this product?"
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={bulk.isPending || deleteProduct.isPending}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === "bulk"
          ? `Are you sure you want to delete the ${pending.ids.length === 1 ? "selected product" : `${pending.ids.length} selected products`}? This cannot be undone.`
          : `Are you sure you want to delete “${pending?.product.name ?? ""}”? This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
