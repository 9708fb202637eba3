import { BLOG_ADMIN_PAGE_SIZE, BLOG_STATES, type BlogAdminPostSummary, type BlogAdminQuery } from "@shop/shared";
import { BLOG_SECTIONS } from "@shop/shared/constants";
import { Newspaper, Plus } from "lucide-react";
import { href } from "react-router";
import {
  AdminList,
  countedPageOf,
  ListFilter,
  ListSearch,
  oneOf,
  optionsOf,
  useListParams,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { useMutationDeletion } from "../../components/ui/delete-dialog.tsx";
import { useBlogPosts, useDeletePost } from "../../features/blog/api/posts.ts";
import { DeletePostDialog } from "../../features/blog/components/delete-post-dialog.tsx";
import { blogStateWords, PostsTable } from "../../features/blog/components/posts-table.tsx";
import { sectionLabels } from "../../features/blog/section-labels.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Blog posts");
}

const LIST_PATH = href("/dashboard/blog");

export default function BlogPosts() {
  const search = useListParams();
  const query = {
    section: oneOf(search.params.get("section"), BLOG_SECTIONS),
    state: oneOf(search.params.get("state"), BLOG_STATES),
    q: search.q || undefined,
    page: search.page,
  } satisfies BlogAdminQuery;
  const filtered = Boolean(query.section || query.state || query.q);
  const posts = useBlogPosts(query);

  const remove = useDeletePost();
  const deletion = useMutationDeletion(remove, (post: BlogAdminPostSummary) => post.id, {
    done: (post) => `Post “${post.title}” deleted`,
    failed: (post) => `Failed to delete “${post.title}”`,
  });

  return (
    <>
      <AdminPageHeader
        title="Blog posts"
        description="What the storefront's blog shows in Latest, Reviews and Guides. Drafts and scheduled posts wait here."
        actions={
          <HeaderLink to={`${LIST_PATH}/new`} icon={Plus}>
            New post
          </HeaderLink>
        }
      />
      <div className="mb-4 grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto_auto]">
        <ListSearch
          id="blog-search"
          label="Search posts"
          placeholder="Words of the title, slug or excerpt"
          search={search}
        />
        <div className="lg:w-44">
          <ListFilter
            label="Section"
            name="section"
            value={query.section}
            options={optionsOf("All sections", BLOG_SECTIONS, sectionLabels)}
          />
        </div>
        <div className="lg:w-44">
          <ListFilter
            label="Status"
            name="state"
            value={query.state}
            options={optionsOf("Any status", BLOG_STATES, blogStateWords)}
          />
        </div>
      </div>
      <AdminList
        query={posts}
        page={posts.data && countedPageOf(posts.data, BLOG_ADMIN_PAGE_SIZE)}
        noun={{ one: "post", many: "posts" }}
        icon={Newspaper}
        table={(items, stale) => <PostsTable posts={items} stale={stale} onDelete={deletion.ask} />}
        narrowed={
          filtered && {
            title: "No posts found",
            children: query.q ? `No post matches “${query.q}” with these filters.` : "No post fits these filters.",
          }
        }
        empty={{
          title: "No posts yet",
          action: { to: `${LIST_PATH}/new`, label: "New post" },
          children: "Write the first post: news, a review or a guide for the storefront's blog.",
        }}
      />
      <DeletePostDialog deletion={deletion} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
