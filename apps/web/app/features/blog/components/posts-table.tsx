import type { BlogAdminPostSummary, BlogState } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { Link } from "react-router";
import { AdminTable, cell, hiddenBelow, RowImage } from "../../../components/admin-list/index.ts";
import { Badge, badgeTones } from "../../../components/ui/badge.tsx";
import { DeleteRowAction, EditRowAction } from "../../../components/ui/row-action.tsx";
import { blogPostPath } from "../../../lib/admin-paths.ts";
import { sectionLabels } from "../section-labels.ts";

export const blogStateWords: Record<BlogState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};
const stateTones: Record<BlogState, string> = {
  draft: badgeTones.gray,
  scheduled: badgeTones.sky,
  published: badgeTones.emerald,
};

/** Where a post stands, and from when it shows (or would show) on the shop. */
export function PostState({ post }: { post: Pick<BlogAdminPostSummary, "state" | "publishedAt"> }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={stateTones[post.state]}>{blogStateWords[post.state]}</Badge>
      {post.publishedAt && post.state !== "draft" && (
        <span className="text-muted text-xs lg:whitespace-nowrap">{formatDate(post.publishedAt, "moment")}</span>
      )}
    </span>
  );
}

/** Where a post stands, in a sentence for its page. */
export function stateSentence(post: Pick<BlogAdminPostSummary, "state" | "publishedAt">): string {
  const when = post.publishedAt ? formatDate(post.publishedAt, "moment") : "";
  if (post.state === "draft") return "Draft: not on the shop.";
  if (post.state === "scheduled") return `Scheduled: shows on the shop from ${when}.`;
  return `Published: on the shop since ${when}.`;
}

interface Props {
  posts: BlogAdminPostSummary[];
  stale: boolean;
  onDelete: (post: BlogAdminPostSummary) => void;
}

/** The blog's posts for staff: cover and title (the link to edit), section, state and date, actions. */
export function PostsTable({ posts, stale, onDelete }: Props) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Blog posts, last changed first"
      stale={stale}
      columns={[
        { label: "Post" },
        { label: "Section", className: hiddenBelow.md },
        { label: "Status" },
        { label: "Changed", className: hiddenBelow.lg },
        { label: "Actions", className: "text-right" },
      ]}
    >
      {posts.map((post) => (
        <tr key={post.id} className="hover:bg-brand-50/40">
          <td className={`${td} w-1/2 min-w-36 max-w-0`}>
            <span className="flex items-center gap-3">
              <RowImage image={post.cover} width={64} height={36} className="hidden h-9 w-16 shrink-0 sm:block" />
              <span className="min-w-0">
                <Link
                  to={blogPostPath(post.id)}
                  className="line-clamp-2 break-words font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {post.title}
                </Link>
                <span className="block truncate text-muted text-xs">/blog/{post.slug}</span>
                <span className="block text-muted text-xs md:hidden">{sectionLabels[post.section]}</span>
              </span>
            </span>
          </td>
          <td className={`${td} ${hiddenBelow.md}`}>{sectionLabels[post.section]}</td>
          <td className={td}>
            <PostState post={post} />
          </td>
          <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap text-muted`}>
            {formatDate(post.updatedAt, "moment")}
          </td>
          <td className={td}>
            <span className="flex flex-wrap justify-end gap-2 xl:flex-nowrap">
              <EditRowAction thing={post.title} to={blogPostPath(post.id)} />
              <DeleteRowAction thing={post.title} onClick={() => onDelete(post)} />
            </span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
