import { ImageOff } from "lucide-react";
import { href, useNavigate } from "react-router";
import { AdminDetail, editTitle, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useBanner } from "../../features/banners/api/get-banner.ts";
import { BannerForm } from "../../features/banners/components/banner-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/banner-edit";

export function meta() {
  return adminMeta("Edit Banner");
}

const LIST_PATH = href("/dashboard/banner-list");

export default function EditBanner({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const banner = useBanner(params.id);
  const notFound = isNotFound(banner);
  const title = banner.data?.tittle;
  return (
    <>
      <AdminPageHeader
        title={editTitle("Banner", title, notFound)}
        currentLabel={title ?? "Banner"}
        description={
          banner.data
            ? banner.data.isActive
              ? `Active: shown at position ${banner.data.position} in the home page's carousel.`
              : "Inactive: not shown on the home page."
            : undefined
        }
      />
      <AdminDetail
        query={banner}
        what="this banner"
        skeleton={<PanelsSkeleton grid="gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]" panels={["h-96", "h-72"]} />}
        missing={{ icon: ImageOff, noun: "banner", back: { to: LIST_PATH, label: "Back to the banners" } }}
      >
        {(data) => <BannerForm key={data.id} banner={data} cancelTo={LIST_PATH} onSaved={() => navigate(LIST_PATH)} />}
      </AdminDetail>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
