import type { Banner } from "@shop/shared";
import { GalleryHorizontalEnd, Plus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { TableSkeleton } from "../../components/admin-list/admin-table.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { DeleteDialog, useDeletion } from "../../components/ui/delete-dialog.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { deleteBannerErrorText, useDeleteBanner } from "../../features/banners/api/delete-banner.ts";
import { useBanners } from "../../features/banners/api/get-banners.ts";
import { draftOf, useUpdateBanner } from "../../features/banners/api/save-banner.ts";
import { BannersTable } from "../../features/banners/components/banners-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { errorMessage } from "../../lib/api.ts";

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
          <Link to="/dashboard/banner-list/add" className={buttonClass()}>
            <Plus aria-hidden="true" className="size-4" />
            Add Banner
          </Link>
        }
      />
      {data && data.length > 0 && (
        <p aria-live="polite" className="mb-3 text-muted text-sm">
          {data.length} {data.length === 1 ? "banner" : "banners"}, {active} active
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
        <div className="flex flex-col items-center rounded-2xl border border-line border-dashed bg-white px-6 py-16 text-center">
          <GalleryHorizontalEnd aria-hidden="true" className="size-10 text-muted" />
          <h2 className="mt-4 font-semibold text-lg">No banners found.</h2>
          <p className="mt-1 max-w-md text-muted">Add a banner to show a picture and a message on the home page.</p>
          <Link to="/dashboard/banner-list/add" className={buttonClass({ className: "mt-6" })}>
            Add Banner
          </Link>
        </div>
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
