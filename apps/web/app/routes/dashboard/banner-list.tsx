import type { Banner } from "@shop/shared";
import { GalleryHorizontalEnd, Plus } from "lucide-react";
import { useEffect } from "react";
import { href } from "react-router";
import { toast } from "sonner";
import { TableSkeleton } from "../../components/admin-list/admin-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { DeleteDialog, useDeletion } from "../../components/ui/delete-dialog.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { deleteBannerErrorText, useDeleteBanner } from "../../features/banners/api/delete-banner.ts";
import { useBanners } from "../../features/banners/api/get-banners.ts";
import { draftOf, useUpdateBanner } from "../../features/banners/api/save-banner.ts";
import { BannersTable } from "../../features/banners/components/banners-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { errorMessage } from "../../lib/api-error.ts";
import { countOf } from "../../lib/format.ts";

export function meta() {
  return adminMeta("Banner List");
}

export default function BannerList() {
  const banners = useBanners();
  const update = useUpdateBanner();
  const remove = useDeleteBanner();
  const deletion = useDeletion<Banner>(remove.isPending, (banner, close) =>
    remove.mutate(banner.id, {
      onSuccess: () => toast.success(`Banner “${banner.tittle}” deleted`),
      onError: (error) => {
        console.error("Delete failed", error);
        toast.error(deleteBannerErrorText(banner, error));
      },
      onSettled: close,
    }),
  );

  // The spec logs a failed fetch; staff are told as well.
  useEffect(() => {
    if (!banners.error) return;
    console.error("Failed to fetch banners", banners.error);
    toast.error(`Failed to fetch banners: ${errorMessage(banners.error)}`, { id: "banners-fetch" });
  }, [banners.error]);

  function toggle(banner: Banner) {
    const isActive = !banner.isActive;
    update.mutate(
      { id: banner.id, draft: draftOf(banner, { isActive }) },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.isActive ? `“${saved.tittle}” is active: the home page shows it` : `“${saved.tittle}” is hidden`,
          ),
        onError: (error) =>
          toast.error(`Failed to ${isActive ? "activate" : "deactivate"} “${banner.tittle}”: ${errorMessage(error)}`),
      },
    );
  }

  const data = banners.data;
  const active = data?.filter((banner) => banner.isActive).length ?? 0;
  return (
    <>
      <AdminPageHeader
        title="Banner List"
        description="The pictures at the top of the home page. Active banners show there in position order."
        actions={
          <HeaderLink to={href("/dashboard/banner-list/add")} icon={Plus}>
            Add Banner
          </HeaderLink>
        }
      />
      {data && data.length > 0 && (
        <p aria-live="polite" className="mb-3 text-muted text-sm">
          {countOf(data.length, "banner", "banners")}, {active} active
        </p>
      )}
      {banners.isPending ? (
        <TableSkeleton rows={3} thumbnail />
      ) : banners.isError && !data ? (
        <LoadError what="the banners" error={banners.error} onRetry={() => banners.refetch()} />
      ) : data && data.length > 0 ? (
        <BannersTable
          banners={data}
          busyId={update.isPending ? (update.variables?.id ?? null) : null}
          onToggle={toggle}
          onDelete={deletion.ask}
        />
      ) : (
        <EmptyState
          icon={GalleryHorizontalEnd}
          title="No banners found."
          action={{ to: href("/dashboard/banner-list/add"), label: "Add Banner" }}
        >
          Add a banner to show a picture and a message on the home page.
        </EmptyState>
      )}
      <DeleteDialog
        deletion={deletion}
        title="Are you sure you want to delete this banner?"
        confirmLabel="Delete banner"
      >
        <p>
          “{deletion.item?.tittle}” will be removed{deletion.item?.isActive ? " from the home page" : ""} for good. This
          cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
