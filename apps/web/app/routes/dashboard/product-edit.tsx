import { PackageX, Trash } from "lucide-react";
import { href, useNavigate } from "react-router";
import { AdminDetail, editTitle, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DeleteDialog, useMutationDeletion } from "../../components/ui/delete-dialog.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useProduct } from "../../features/catalog/api/get-product.ts";
import { useDeleteProduct } from "../../features/catalog/api/save-product.ts";
import { useVariants } from "../../features/catalog/api/variants.ts";
import { ProductForm } from "../../features/catalog/components/product-form.tsx";
import { SaleBans } from "../../features/catalog/components/sale-bans.tsx";
import { StockPanel } from "../../features/catalog/components/stock-panel.tsx";
import { productFactFields } from "../../features/catalog/components/variant-values.ts";
import { VariantsEditor } from "../../features/catalog/components/variants-editor.tsx";
import { useCategories } from "../../features/categories/api/get-categories.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/product-edit";

export function meta() {
  return adminMeta("Edit Product");
}

const LIST_PATH = href("/dashboard/products");

export default function EditProduct({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const categories = useCategories();
  const product = useProduct(params.id);
  const variants = useVariants(params.id);
  const deleteProduct = useDeleteProduct();
  const notFound = isNotFound(product);
  const name = product.data?.fields.ProductName;
  const deletion = useMutationDeletion(
    deleteProduct,
    (id: string) => id,
    { done: () => `“${name ?? "The product"}” deleted`, failed: () => "Failed to delete product" },
    () => navigate(LIST_PATH),
  );

  return (
    <>
      <AdminPageHeader
        title={editTitle("Product", name, notFound)}
        segmentLabels={{ [params.id]: name ?? "Product" }}
        description={product.data ? `SKU ${product.data.fields.Sku ?? ""}` : undefined}
        actions={
          product.data && (
            <Button onClick={() => deletion.ask(params.id)} variant="danger">
              <Trash aria-hidden="true" className="size-4" />
              Delete product
            </Button>
          )
        }
      />
      <AdminDetail
        query={product}
        what="this product"
        skeleton={<PanelsSkeleton grid="gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]" panels={["h-[32rem]", "h-80"]} />}
        missing={{
          icon: PackageX,
          noun: "product",
          back: { to: LIST_PATH, label: "Back to the products" },
          why: `${product.error?.message ?? ""} It may have been deleted, or the address is mistyped.`,
        }}
      >
        {(data) => (
          <>
            <SaleBans bans={data.saleBans} />
            <ProductForm
              key={`${data.id}-${data.updatedAt}`}
              product={data}
              categories={categories}
              cancelTo={LIST_PATH}
              onSaved={() => navigate(LIST_PATH)}
            />
            {/* Outside the product form: the grid and the panel are forms of their own, saved on their own. */}
            {variants.isPending ? (
              <PanelsSkeleton
                grid="mt-6 gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]"
                panels={["h-64 xl:col-span-2", "h-96"]}
              />
            ) : variants.isError ? (
              <div className="mt-6">
                <LoadError
                  what="the options and variants"
                  error={variants.error}
                  onRetry={() => void variants.refetch()}
                />
              </div>
            ) : (
              <>
                <VariantsEditor
                  productId={data.id}
                  productName={name ?? ""}
                  saved={variants.data}
                  productFacts={productFactFields(data.fields)}
                />
                <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
                  <StockPanel productId={data.id} variants={variants.data.variants} />
                </div>
              </>
            )}
          </>
        )}
      </AdminDetail>
      <DeleteDialog deletion={deletion} title="Delete this product?" confirmLabel="Delete">
        Are you sure you want to delete “{name}”? This cannot be undone.
      </DeleteDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
