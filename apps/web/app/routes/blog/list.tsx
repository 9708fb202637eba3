import { blogListFilterSchema } from "@shop/shared";
import { BLOG_PAGE_SIZE } from "@shop/shared/constants";
import { Newspaper } from "lucide-react";
import { href, NavLink, useLocation } from "react-router";
import { Breadcrumb } from "../../components/breadcrumb.tsx";
import { Pagination } from "../../components/catalog/pagination.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PostCard } from "../../features/blog/components/post-card.tsx";
import { BLOG_DESCRIPTION, blogSection, blogSections, sectionFromPath } from "../../features/blog/sections.ts";
import { pageMeta } from "../../lib/meta.ts";
import { parseSearch } from "../../lib/query.ts";
import type { Route } from "./+types/list";

// One module serves /blog and /blog/{latest,reviews,guides} (routes.ts gives each its own id);
// the section comes from the path, the page from the query string.
const pageQuerySchema = blogListFilterSchema.pick({ page: true });

/**
 * The first page opens with the newest post as a wide lead card, or with the two newest side by
 * side when a lead would leave a single card alone on the last row of three.
 */
function arrange<T>(items: T[], firstPage: boolean): { top: T[]; rest: T[] } {
  if (!firstPage || items.length === 0) return { top: [], rest: items };
  const topCount = (items.length - 1) % 3 === 1 ? 2 : 1;
  return { top: items.slice(0, topCount), rest: items.slice(topCount) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const section = sectionFromPath(url.pathname);
  const { page } = parseSearch(pageQuerySchema, url);
  const list = await context.services.blog.listPosts({ page, limit: BLOG_PAGE_SIZE, section });
  return { list, section: section ?? null };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data?.section) return pageMeta("Blog", BLOG_DESCRIPTION);
  const section = blogSection(data.section);
  return pageMeta(`${section.label} | Blog`, section.description);
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { list, section: sectionSlug } = loaderData;
  const section = sectionSlug ? blogSection(sectionSlug) : null;
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const { top, rest } = arrange(list.items, list.currentPage === 1);
  const chip = ({ isActive }: { isActive: boolean }) =>
    `block shrink-0 rounded-full border px-4 py-1.5 font-medium text-sm ${
      isActive ? "border-ink bg-ink text-white" : "border-line bg-white hover:border-ink"
    }`;

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb
        items={
          section
            ? [{ label: "Home", to: href("/") }, { label: "Blog", to: href("/blog") }, { label: section.label }]
            : [{ label: "Home", to: href("/") }, { label: "Blog" }]
        }
      />
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{section ? section.label : "Blog"}</h1>
          <p className="mt-2 max-w-2xl text-muted">{section ? section.description : BLOG_DESCRIPTION}</p>
        </div>
        <p className="text-muted text-sm" aria-live="polite">
          {list.totalPosts} {list.totalPosts === 1 ? "post" : "posts"}
        </p>
      </div>

      <nav aria-label="Blog sections" className="-mx-4 mt-6 overflow-x-auto px-4 pb-2">
        <ul className="flex gap-2">
          <li>
            <NavLink to={href("/blog")} end className={chip}>
              All
            </NavLink>
          </li>
          {blogSections.map((candidate) => (
            <li key={candidate.slug}>
              <NavLink to={href(`/blog/${candidate.slug}`)} className={chip}>
                {candidate.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-label="Posts" className="mt-6">
        {list.items.length > 0 ? (
          <>
            {top.length === 1 && top[0] && <PostCard post={top[0]} variant="lead" priority />}
            {top.length === 2 && (
              <ul className="grid gap-5 sm:grid-cols-2 lg:gap-6">
                {top.map((post) => (
                  <li key={post.id} className="flex">
                    <PostCard post={post} variant="large" priority />
                  </li>
                ))}
              </ul>
            )}
            {rest.length > 0 && (
              <ul
                className={`grid gap-5 sm:grid-cols-2 lg:gap-6 ${rest.length === 2 ? "" : "lg:grid-cols-3"} ${
                  top.length > 0 ? "mt-5 lg:mt-6" : ""
                }`}
              >
                {rest.map((post) => (
                  <li key={post.id} className="flex">
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <EmptyState
            icon={Newspaper}
            title={list.currentPage > 1 ? "No posts on this page" : "No posts here yet"}
            action={
              list.currentPage > 1
                ? { to: location.pathname, label: "Go to the first page" }
                : section
                  ? { to: href("/blog"), label: "See all posts" }
                  : undefined
            }
          >
            {list.currentPage > 1 && list.totalPages > 0
              ? `There ${list.totalPages === 1 ? "is only 1 page" : `are only ${list.totalPages} pages`}.`
              : section
                ? `We have not published anything in ${section.label} yet. The rest of the blog has plenty to read.`
                : "We have not published anything yet. Check back soon."}
          </EmptyState>
        )}
      </section>
      <Pagination currentPage={list.currentPage} totalPages={list.totalPages} search={search} />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
