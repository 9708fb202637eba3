import { href, useNavigate } from "react-router";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { PostForm } from "../../features/blog/components/post-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { blogPostPath } from "../../lib/admin-paths.ts";

export function meta() {
  return adminMeta("New post");
}

const LIST_PATH = href("/dashboard/blog");

export default function NewBlogPost() {
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="New post"
        description="Write in Markdown and watch the preview. Save as a draft until it is ready; a later publish date schedules it."
      />
      <PostForm cancelTo={LIST_PATH} onSaved={(post) => navigate(blogPostPath(post.id))} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
