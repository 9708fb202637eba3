import type { BlogAdminPostSummary } from "@shop/shared";
import { ExternalLink, Newspaper, Trash2 } from "lucide-react";
import { href, useNavigate } from "react-router";
import { AdminDetail, editTitle, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useMutationDeletion } from "../../components/ui/delete-dialog.tsx";
import { useBlogPost, useDeletePost } from "../../features/blog/api/posts.ts";
import { DeletePostDialog } from "../../features/blog/components/delete-post-dialog.tsx";
import { PostForm } from "../../features/blog/components/post-form.tsx";
import { stateSentence } from "../../features/blog/components/posts-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { LEAVE_UNASKED } from "../../lib/unsaved-changes.ts";
import type { Route } from "./+types/blog-post-edit";

export function meta() {
  return adminMeta("Edit post");
}

const LIST_PATH = href("/dashboard/blog");

export default function EditBlogPost({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const post = useBlogPost(params.id);
  const notFound = isNotFound(post);
  const data = post.data;
  const remove = useDeletePost();
  const deletion = useMutationDeletion(
    remove,
    (item: BlogAdminPostSummary) => item.id,
    { done: (item) => `Post “${item.title}” deleted`, failed: (item) => `Failed to delete “${item.title}”` },
    () => navigate(LIST_PATH, { state: LEAVE_UNASKED }),
  );
  return (
    <>
      <AdminPageHeader
        title={editTitle("Post", data?.title, notFound)}
        currentLabel={data?.title ?? "Post"}
        description={data ? stateSentence(data) : undefined}
        actions={
          data && (
            <>
              {data.state === "published" && (
                <HeaderLink to={href("/blog/:slug", { slug: data.slug })} icon={ExternalLink} variant="secondary">
                  View on the shop
                </HeaderLink>
              )}
              <Button type="button" variant="secondary" onClick={() => deletion.ask(data)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            </>
          )
        }
      />
      <AdminDetail
        query={post}
        what="this post"
        skeleton={<PanelsSkeleton grid="gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" panels={["h-96", "h-72"]} />}
        missing={{ icon: Newspaper, noun: "post", back: { to: LIST_PATH, label: "Back to the posts" } }}
      >
        {(loaded) => <PostForm key={loaded.id} post={loaded} cancelTo={LIST_PATH} onSaved={() => undefined} />}
      </AdminDetail>
      <DeletePostDialog deletion={deletion} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
