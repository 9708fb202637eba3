import type {
  BlogAdminFilter,
  BlogAdminList,
  BlogAdminPost,
  BlogAdminPostSummary,
  BlogListQuery,
  BlogPost,
  BlogPostInput,
  BlogPostList,
  BlogPostSummary,
  BlogState,
} from "@shop/shared";
import { BLOG_ADMIN_PAGE_SIZE, blogPostNotFoundMessage, blogSlugTakenMessage } from "@shop/shared";
import { Conflict, Invalid, NotFound } from "@shop/shared/errors";
import { slugify, uniqueSlug } from "@shop/shared/rules";
import { isUniqueViolation } from "../../db/errors.ts";
import { newId } from "../../lib/ids.ts";
import { type ImageRow, joinedImage } from "../images/service.ts";
import { imageKeysIn, renderMarkdown } from "./markdown.ts";
import type { BlogAdminRow, BlogRepository } from "./repository.ts";

type SummaryRow = Awaited<ReturnType<BlogRepository["listPublished"]>>[number];
type AdminSummaryRow = Awaited<ReturnType<BlogRepository["listAll"]>>[number];

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

/** A post without a title word in Latin letters or digits still gets an address. */
const FALLBACK_SLUG = "post";

export interface BlogOptions {
  /** The stored pictures among some keys (the images service): a post shows only those. */
  images: { find(keys: readonly string[]): Promise<ReadonlyMap<string, ImageRow>> };
  /** The clock that decides whether a scheduled post is out yet; tests replace it. */
  now?: () => Date;
}

const wordsOf = (q: string | undefined) => (q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
const notFound = (id: string) => new NotFound(`There is no blog post with the id ${id}.`);

export function createBlogService(repository: BlogRepository, options: BlogOptions) {
  const now = () => (options.now?.() ?? new Date()).toISOString();

  /** The body as safe HTML, its pictures checked against (and sized by) the image store. */
  async function render(body: string): Promise<string> {
    return renderMarkdown(body, { images: await options.images.find(imageKeysIn(body)) });
  }

  function stateOf(row: Pick<AdminSummaryRow, "status" | "published_at">, at: string): BlogState {
    if (row.status === "draft") return "draft";
    return row.published_at !== null && row.published_at <= at ? "published" : "scheduled";
  }

  function toAdminSummary(row: AdminSummaryRow, at: string): BlogAdminPostSummary {
    const { publishedAt: _, image, ...fields } = toSummary(row);
    return {
      ...fields,
      status: row.status,
      state: stateOf(row, at),
      publishedAt: row.published_at,
      cover: image && row.image_key ? { ...image, key: row.image_key } : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async function get(id: string): Promise<BlogAdminPost> {
    const row: BlogAdminRow | undefined = await repository.find(id);
    if (!row) throw notFound(id);
    return { ...toAdminSummary(row, now()), body: row.body };
  }

  /** The slug a post is saved with: the one given (refused when another post has it), else one from the title. */
  async function slugFor(input: BlogPostInput, id: string | undefined): Promise<string> {
    if (input.slug) {
      const owner = await repository.slugOwner(input.slug);
      if (owner !== undefined && owner !== id) {
        throw new Conflict(blogSlugTakenMessage(input.slug), { fields: { slug: blogSlugTakenMessage(input.slug) } });
      }
      return input.slug;
    }
    const base = slugify(input.title).slice(0, 90).replace(/-+$/, "") || FALLBACK_SLUG;
    const others = (await repository.slugsLike(base)).filter((post) => post.id !== id);
    return uniqueSlug(
      base,
      others.map((post) => post.slug),
    );
  }

  /** The row's fields from what staff sent; a cover must be a picture the image store has. */
  async function fieldsOf(input: BlogPostInput, id: string | undefined, stamp: string) {
    if (input.coverImageKey && !(await options.images.find([input.coverImageKey])).has(input.coverImageKey)) {
      const message = "This cover picture is not stored any more. Please upload it again.";
      throw new Invalid(message, { fields: { coverImageKey: message } });
    }
    return {
      slug: await slugFor(input, id),
      section: input.section,
      title: input.title,
      excerpt: input.excerpt,
      body: input.body,
      cover_image_key: input.coverImageKey,
      status: input.status,
      // Published without a date: from now on. A draft keeps the date planned for it, if any.
      published_at: input.publishedAt
        ? new Date(input.publishedAt).toISOString()
        : input.status === "published"
          ? stamp
          : null,
      updated_at: stamp,
    };
  }

  /** Two staff saving the same slug at once: the loser of the unique index hears why, beside the field. */
  async function slugSafe<T>(slug: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new Conflict(blogSlugTakenMessage(slug), { fields: { slug: blogSlugTakenMessage(slug) } });
    }
  }

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
      return { ...toSummary(row), bodyHtml: await render(row.body) };
    },

    // The blog admin (decision 058).

    /** Every post for staff, last changed first, searched and filtered, a page at a time. */
    async listAll(query: BlogAdminFilter): Promise<BlogAdminList> {
      const at = now();
      const filter = { now: at, section: query.section, state: query.state, words: wordsOf(query.q) };
      const [total, rows] = await Promise.all([
        repository.countAll(filter),
        repository.listAll(filter, { offset: (query.page - 1) * BLOG_ADMIN_PAGE_SIZE, limit: BLOG_ADMIN_PAGE_SIZE }),
      ]);
      return {
        items: rows.map((row) => toAdminSummary(row, at)),
        total,
        totalPages: Math.ceil(total / BLOG_ADMIN_PAGE_SIZE),
        currentPage: query.page,
      };
    },

    get,

    /** The body as the storefront would show it, for the editor's preview. */
    preview: render,

    async create(input: BlogPostInput, authorName: string): Promise<BlogAdminPost> {
      const id = newId();
      const stamp = now();
      const fields = await fieldsOf(input, undefined, stamp);
      await slugSafe(fields.slug, () =>
        repository.insert({ id, ...fields, author_name: authorName, created_at: stamp }),
      );
      return get(id);
    },

    async update(id: string, input: BlogPostInput): Promise<BlogAdminPost> {
      const fields = await fieldsOf(input, id, now());
      const updated = await slugSafe(fields.slug, () => repository.update(id, fields));
      if (!updated) throw notFound(id);
      return get(id);
    },

    async delete(id: string): Promise<void> {
      if (!(await repository.delete(id))) throw notFound(id);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
