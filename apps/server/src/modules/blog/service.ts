import type { BlogListQuery, BlogPost, BlogPostList, BlogPostSummary } from "@shop/shared";
import { blogPostNotFoundMessage } from "@shop/shared";
import { NotFound } from "@shop/shared/errors";
import { joinedImage } from "../images/service.ts";
import { renderMarkdown } from "./markdown.ts";
import type { BlogRepository } from "./repository.ts";

type SummaryRow = Awaited<ReturnType<BlogRepository["listPublished"]>>[number];

function toSummary(row: SummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    section: row.section,
    title: row.title,
    excerpt: row.excerpt,
    authorName: row.author_name,
    // The repository answers published posts only.
    publishedAt: row.published_at ?? "",
    image: joinedImage(row, row.title),
  };
}

export interface BlogOptions {
  /** The clock that decides whether a scheduled post is out yet; tests replace it. */
  now?: () => Date;
}

export function createBlogService(repository: BlogRepository, options: BlogOptions = {}) {
  const now = () => (options.now?.() ?? new Date()).toISOString();

  return {
    /** Published posts, newest first, a page at a time; a page past the end is an empty list. */
    async listPosts(query: BlogListQuery): Promise<BlogPostList> {
      const filter = { now: now(), section: query.section };
      const [totalPosts, rows] = await Promise.all([
        repository.countPublished(filter),
        repository.listPublished(filter, { offset: (query.page - 1) * query.limit, limit: query.limit }),
      ]);
      return {
        items: rows.map(toSummary),
        totalPosts,
        totalPages: Math.ceil(totalPosts / query.limit),
        currentPage: query.page,
      };
    },

    /** Every published post's slug and date, for the sitemap. */
    async sitemapPosts(limit: number): Promise<{ slug: string; publishedAt: string }[]> {
      const rows = await repository.listPublished({ now: now() }, { offset: 0, limit });
      return rows.map((row) => ({ slug: row.slug, publishedAt: toSummary(row).publishedAt }));
    },

    /** A published post with its body rendered to safe HTML; NotFound for one unknown, draft or scheduled. */
    async getPost(slug: string): Promise<BlogPost> {
      const row = await repository.findPublished(slug.toLowerCase(), now());
      if (!row) throw new NotFound(blogPostNotFoundMessage(slug));
      return { ...toSummary(row), bodyHtml: renderMarkdown(row.body) };
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
