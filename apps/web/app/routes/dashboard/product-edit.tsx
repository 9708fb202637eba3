import { PackageX, Trash } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useCategories } from "../../features/categories/api/get-categories.ts";
import { useProduct } from "../../features/products/api/get-product.ts";
import { useDeleteProduct } from "../../features/products/api/save-product.ts";
import { ProductForm } from "../../features/products/components/product-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { ApiRequestError } from "../../lib/api.ts";
import type { Route } from "./+types/product-edit";

export function meta() {
  return adminMeta("Edit Product");
}

const LIST_PATH = "/dashboard/products";

function FormSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="h-[32rem] animate-pulse rounded-2xl border border-line bg-white" />
      <div className="h-80 animate-pulse rounded-2xl border border-line bg-white" />
    </div>
  );
}

export default function EditProduct({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const categories = useCategories();
  const product = useProduct(params.id);
  const deleteProduct = useDeleteProduct();
  const [confirming, setConfirming] = useState(false);
  const notFound = product.error instanceof ApiRequestError && product.error.status === 404;
  const name = product.data?.fields.ProductName;

  function remove() {
    deleteProduct.mutate(params.id, {
      onSuccess: () => {
        toast.success(`“${name ?? "The product"}” deleted`);
        navigate(LIST_PATH);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(`Failed to delete product: ${error.message}`);
      },
    });
  }

  return (
    <>
      <AdminPageHeader
        title={name ? `Edit “${name}”` : notFound ? "Product not found" : "Edit Product"}
        segmentLabels={{ [params.id]: name ?? "Product" }}
        description={product.data ? `SKU ${product.data.fields.Sku ?? ""}` : undefined}
        actions={
          product.data && (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="inline-flex items-center gap-1.5 rounded-full border border-red-200 bg-white px-5 py-2.5 font-semibold text-red-800 text-sm hover:border-red-700 hover:bg-red-50"
            >
              <Trash aria-hidden="true" className="size-4" />
              Delete product
            </button>
          )
        }
      />
      {product.isPending ? (
        <FormSkeleton />
      ) : notFound ? (
        <EmptyState
          icon={PackageX}
          title="There is no such product"
          action={{ to: LIST_PATH, label: "Back to the products" }}
        >
          {product.error?.message} It may have been deleted, or the address is mistyped.
        </EmptyState>
      ) : product.isError ? (
        <LoadError what="this product" error={product.error} onRetry={() => product.refetch()} />
      ) : (
        <ProductForm
          key={`${product.data.id}-${product.data.updatedAt}`}
          product={product.data}
          categories={categories}
          cancelTo={LIST_PATH}
          onSaved={() => navigate(LIST_PATH)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this product?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteProduct.isPending}
        destructive
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        Are you sure you want to delete “{name}”? This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
