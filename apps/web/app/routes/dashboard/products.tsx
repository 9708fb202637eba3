import type { AdminProductListQuery, AdminProductRow } from "@shop/shared";
import {
  type AdminProductSort,
  adminProductSorts,
  REGULATORY_CLASSES,
  type RegulatoryClass,
  regulatoryClassLabels,
} from "@shop/shared/constants";
import { PackageOpen, Plus, Upload } from "lucide-react";
import { useState } from "react";
import { href } from "react-router";
import { toast } from "sonner";
import { DownloadLink } from "../../components/admin-list/download-link.tsx";
import {
  AdminList,
  BulkToolbar,
  ListFilter,
  ListSearch,
  oneOf,
  optionsOf,
  pageOf,
  TableSkeleton,
  useListParams,
  useSelection,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DeleteDialog, useDeletion } from "../../components/ui/delete-dialog.tsx";
import { useProducts } from "../../features/catalog/api/get-products.ts";
import { productsCsvUrl } from "../../features/catalog/api/import-products.ts";
import { useBulkProducts, useDeleteProduct } from "../../features/catalog/api/save-product.ts";
import { ProductsTable } from "../../features/catalog/components/products-table.tsx";
import { useCategories } from "../../features/categories/api/get-categories.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { ApiRequestError, errorMessage } from "../../lib/api-error.ts";

export function meta() {
  return adminMeta("Products");
}

const LIST_PATH = href("/dashboard/products");

const sortLabels: Record<AdminProductSort, string> = {
  updated: "Recently changed",
  newest: "Newest",
  name: "Name (A–Z)",
  price_asc: "Price (low to high)",
  price_desc: "Price (high to low)",
  stock_asc: "Stock (lowest first)",
};

type Pending = { kind: "one"; product: AdminProductRow } | { kind: "bulk"; ids: string[] };

export default function Products() {
  const search = useListParams();
  const params = search.params;
  const query = {
    q: search.q || undefined,
    category: params.get("category") || undefined,
    active: oneOf(params.get("active"), ["all", "true", "false"] as const) ?? "all",
    stock: oneOf(params.get("stock"), ["all", "in", "out"] as const) ?? "all",
    class: oneOf<RegulatoryClass>(params.get("class"), REGULATORY_CLASSES),
    sort: oneOf(params.get("sort"), adminProductSorts) ?? "updated",
    page: search.page,
  } satisfies AdminProductListQuery;
  const filtered = Boolean(query.q || query.category || query.class || query.active !== "all" || query.stock !== "all");
  const products = useProducts(query);
  const categories = useCategories();
  const bulk = useBulkProducts();
  const deleteProduct = useDeleteProduct();
  const selection = useSelection();
  const [busyId, setBusyId] = useState<string | null>(null);
  const deletion = useDeletion<Pending>(bulk.isPending || deleteProduct.isPending, (pending, close) => {
    if (pending.kind === "bulk") {
      runBulk("delete", pending.ids);
      return;
    }
    const { product } = pending;
    deleteProduct.mutate(product.id, {
      onSuccess: () => {
        toast.success(`“${product.name}” deleted`);
        selection.set(product.id, false);
        close();
      },
      onError: (error) => {
        // Gone already: the list simply catches up.
        if (error instanceof ApiRequestError && error.status === 404) products.refetch();
        toast.error(`Failed to delete “${product.name}”: ${errorMessage(error)}`);
        close();
      },
    });
  });

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
          selection.clear();
          deletion.close();
        },
        onError: (error) => {
          toast.error(`Failed to ${action} the selected products: ${errorMessage(error)}`);
          deletion.close();
        },
      },
    );
  }

  const pending = deletion.item;
  const bulkButton = { variant: "secondary", size: "sm", disabled: bulk.isPending } as const;

  return (
    <>
      <AdminPageHeader
        title="Products"
        description="Every product in the shop, active or not. Search, filter, and edit or remove them; export what you see as CSV, or import a CSV to add and change many at once."
        actions={
          <>
            <HeaderLink to={`${LIST_PATH}/add`} icon={Plus} className="w-full sm:w-auto">
              Add Product
            </HeaderLink>
            <DownloadLink href={productsCsvUrl(query)} className="flex-1 sm:flex-none" />
            <HeaderLink to={`${LIST_PATH}/import`} icon={Upload} variant="secondary" className="flex-1 sm:flex-none">
              Import CSV
            </HeaderLink>
          </>
        }
      />
      {/* Five filters take a row of their own: beside the search they would squeeze it. */}
      <div className="mb-4 grid gap-3">
        <ListSearch id="product-search" label="Search products" placeholder="Name, SKU or brand" search={search} />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          <ListFilter
            label="Category"
            name="category"
            value={query.category}
            options={[
              ["", "All categories"],
              ...(categories.data ?? []).map((category): [string, string] => [category.id, category.name]),
            ]}
          />
          <ListFilter
            label="Regulatory class"
            name="class"
            value={query.class}
            options={optionsOf("All classes", REGULATORY_CLASSES, regulatoryClassLabels)}
          />
          <ListFilter
            label="Status"
            name="active"
            value={query.active}
            options={[
              ["all", "Any status"],
              ["true", "Active"],
              ["false", "Inactive"],
            ]}
          />
          <ListFilter
            label="Stock"
            name="stock"
            value={query.stock}
            options={[
              ["all", "Any stock"],
              ["in", "In stock"],
              ["out", "Out of stock"],
            ]}
          />
          <ListFilter
            label="Sort by"
            name="sort"
            value={query.sort}
            options={adminProductSorts.map((sort) => [sort, sortLabels[sort]])}
          />
        </div>
      </div>
      <AdminList
        toolbar={
          <BulkToolbar selection={selection}>
            <Button {...bulkButton} onClick={() => runBulk("activate", selection.ids)}>
              Activate
            </Button>
            <Button {...bulkButton} onClick={() => runBulk("deactivate", selection.ids)}>
              Deactivate
            </Button>
            <Button {...bulkButton} variant="danger" onClick={() => deletion.ask({ kind: "bulk", ids: selection.ids })}>
              Delete
            </Button>
          </BulkToolbar>
        }
        query={products}
        page={products.data && pageOf(products.data)}
        noun={{ one: "product", many: "products" }}
        skeleton={<TableSkeleton thumbnail />}
        icon={PackageOpen}
        table={(items, stale) => (
          <ProductsTable
            products={items}
            selection={selection}
            busyId={busyId}
            onToggle={toggle}
            onDelete={(product) => deletion.ask({ kind: "one", product })}
            stale={stale}
          />
        )}
        narrowed={
          filtered && {
            title: "No products found",
            children: query.q
              ? `No product's name, SKU or brand matches “${query.q}” with these filters.`
              : "No product fits these filters.",
          }
        }
        empty={{
          title: "No products yet",
          action: { to: `${LIST_PATH}/add`, label: "Add the first product" },
          children: "Products you add appear here, ready to edit, activate or remove.",
        }}
      />
      <DeleteDialog
        deletion={deletion}
        title={
          pending?.kind === "bulk" && pending.ids.length > 1
            ? `Delete ${pending.ids.length} products?`
            : "Delete this product?"
        }
        confirmLabel="Delete"
      >
        {pending?.kind === "bulk"
          ? `Are you sure you want to delete the ${pending.ids.length === 1 ? "selected product" : `${pending.ids.length} selected products`}? This cannot be undone.`
          : `Are you sure you want to delete “${pending?.product.name ?? ""}”? This cannot be undone.`}
      </DeleteDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
