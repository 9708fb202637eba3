import { href, useNavigate } from "react-router";
import { DownloadLink } from "../../components/admin-list/download-link.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { productsCsvUrl } from "../../features/catalog/api/import-products.ts";
import { ProductImport } from "../../features/catalog/components/product-import.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Import products");
}

const LIST_PATH = href("/dashboard/products");

/** Import CSV (decision 059): create and update products by SKU from a spreadsheet, previewed first. */
export default function ImportProducts() {
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="Import products"
        description="Add and change products from a spreadsheet: export the products, edit the file, and import it here. You see every change and every problem before anything is saved."
        segmentLabels={{ import: "Import" }}
        actions={
          <DownloadLink href={productsCsvUrl({})} className="w-full sm:w-auto">
            Export all products
          </DownloadLink>
        }
      />
      <ProductImport listPath={LIST_PATH} onImported={() => navigate(LIST_PATH)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
