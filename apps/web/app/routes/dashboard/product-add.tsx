import { href, useNavigate } from "react-router";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { ProductForm } from "../../features/catalog/components/product-form.tsx";
import { useCategories } from "../../features/categories/api/get-categories.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Add Product");
}

const LIST_PATH = href("/dashboard/products");

export default function AddProduct() {
  const navigate = useNavigate();
  const categories = useCategories();
  return (
    <>
      <AdminPageHeader
        title="Add Product"
        description="Name, type, description and category are needed; everything else can follow later. Options such as flavours and strengths are added on the product's page once it is saved."
      />
      <ProductForm categories={categories} cancelTo={LIST_PATH} onSaved={() => navigate(LIST_PATH)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
