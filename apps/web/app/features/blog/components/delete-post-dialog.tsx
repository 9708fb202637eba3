import type { BlogAdminPostSummary } from "@shop/shared";
import { DeleteDialog, type Deletion } from "../../../components/ui/delete-dialog.tsx";

/** "Delete this post?", from the list's row or the post's own page. */
export function DeletePostDialog({ deletion }: { deletion: Deletion<BlogAdminPostSummary> }) {
  return (
    <DeleteDialog deletion={deletion} title="Are you sure you want to delete this post?" confirmLabel="Delete post">
      <p>
        “{deletion.item?.title}” will be removed{deletion.item?.state === "published" ? " from the blog" : ""} for good.
        This cannot be undone.
      </p>
    </DeleteDialog>
  );
}
