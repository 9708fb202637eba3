import { href, useNavigate } from "react-router";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { BannerForm } from "../../features/banners/components/banner-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Add Banner");
}

const LIST_PATH = href("/dashboard/banner-list");

export default function AddBanner() {
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="Add Banner"
        description="A picture with a headline for the top of the home page. Untick Active to prepare it without showing it yet."
      />
      <BannerForm cancelTo={LIST_PATH} onSaved={() => navigate(LIST_PATH)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
