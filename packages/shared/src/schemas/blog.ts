import { z } from "zod";
import { BLOG_MAX_PAGE_SIZE, BLOG_PAGE_SIZE, BLOG_SECTIONS } from "../constants/blog.ts";
import { formatCount } from "../rules/numbers.ts";
import { idSchema, imageSchema, pageCounts, pageQuery, staffListPage, staffListSearch } from "./common.ts";

export const blogSectionSchema = z
  .enum(BLOG_SECTIONS, { error: "must be latest, reviews or guides" })
  .meta({ id: "BlogSection" });

/** What a post's card needs. Only published posts are ever answered, so `publishedAt` is always set. */
export const blogPostSummarySchema = z
  .object({
    id: idSchema,
    slug: z.string(),
    section: blogSectionSchema,
    title: z.string(),
    excerpt: z.string().describe("One or two sentences of plain text"),
    authorName: z.string(),
    publishedAt: z.string().describe("ISO-8601 UTC"),
    image: imageSchema.nullable().describe("The cover picture"),
  })
  .meta({ id: "BlogPostSummary" });
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema
  .extend({
    bodyHtml: z
      .string()
      .describe(
        "The post rendered on the server from its CommonMark source (decision 058): headings h2 to h4, paragraphs, emphasis, links (http, https, mailto or site paths), lists, quotes, tables, code and pictures from the shop's image pipeline; all HTML in the source is escaped",
      ),
  })
  .meta({ id: "BlogPost" });
export type BlogPost = z.infer<typeof blogPostSchema>;

/** The blog list's filters. Pages ignore unknown parameters (utm tags, click ids). */
export const blogListFilterSchema = z.object({
  ...pageQuery({ default: BLOG_PAGE_SIZE, max: BLOG_MAX_PAGE_SIZE }),
  section: z.string().toLowerCase().pipe(blogSectionSchema).optional(),
});
/** The API is strict: an unknown parameter is a mistake worth telling the caller about. */
export const blogListQuerySchema = z.strictObject(blogListFilterSchema.shape);
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

export const blogPostListSchema = z
  .object({
    items: z.array(blogPostSummarySchema),
    totalPosts: z.int().min(0),
    ...pageCounts(),
  })
  .meta({ id: "BlogPostList" });
export type BlogPostList = z.infer<typeof blogPostListSchema>;

/** Fastify matches path parameters of up to 100 characters; a longer one is an unknown route. */
export const blogSlugParamsSchema = z.strictObject({ slug: z.string().min(1).max(100) });

// The blog admin: staff write, schedule, preview and delete posts. Its constants
// live here, not in constants/blog.ts: the storefront's shell imports that module, and a constant
// the dashboard also imports from it is kept in the shell's chunk (decision 058).
export const BLOG_TITLE_MAX = 200;
/** A post's address is /blog/<slug>; the storefront matches slugs of up to 100 characters. */
export const BLOG_SLUG_MAX = 100;
export const BLOG_EXCERPT_MAX = 300;
export const BLOG_BODY_MAX = 100_000;
export const BLOG_ADMIN_PAGE_SIZE = 20;
/** What staff choose: a draft is never shown; a published post shows from its publish date on. */
export const BLOG_STATUSES = ["draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
/** Where a post stands for the list's filter: a published post with a future date is scheduled. */
export const BLOG_STATES = ["draft", "scheduled", "published"] as const;
export type BlogState = (typeof BLOG_STATES)[number];

export function blogSlugTakenMessage(slug: string): string {
  return `Another post already uses the address /blog/${slug}. Change the slug.`;
}

const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogStatusSchema = z.enum(BLOG_STATUSES, { error: "must be draft or published" });
export const blogStateSchema = z.enum(BLOG_STATES, { error: "must be draft, scheduled or published" });

/** What staff save. An empty slug is made from the title; an empty date on a published post is now. */
export const blogPostInputSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, { error: "Please enter a title." })
    .max(BLOG_TITLE_MAX, { error: `Please keep the title under ${BLOG_TITLE_MAX} characters.` }),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(BLOG_SLUG_MAX, { error: `Please keep the slug under ${BLOG_SLUG_MAX} characters.` })
    .refine((slug) => slug === "" || BLOG_SLUG_PATTERN.test(slug), {
      error: "Use lower-case letters, digits and single dashes, like my-first-post.",
    })
    .describe("The post's address /blog/<slug>; empty: made from the title"),
  section: blogSectionSchema,
  excerpt: z
    .string()
    .trim()
    .max(BLOG_EXCERPT_MAX, { error: `Please keep the excerpt under ${BLOG_EXCERPT_MAX} characters.` })
    .describe("One or two sentences of plain text for the post's card"),
  body: z
    .string()
    .max(BLOG_BODY_MAX, { error: `Please keep the post under ${formatCount(BLOG_BODY_MAX)} characters.` })
    .describe("CommonMark; raw HTML shows as text (decision 058)"),
  coverImageKey: z
    .string()
    .regex(/^[0-9a-f]{32}$/, { error: "Please upload the cover picture again." })
    .nullable()
    .describe("A picture stored by POST /api/admin/blog/images"),
  status: blogStatusSchema,
  publishedAt: z.iso
    .datetime({ offset: true, error: "Please enter a date and time." })
    .nullable()
    .describe("ISO-8601; a future time schedules the post; empty on a published post: now"),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

const blogAdminFields = {
  id: idSchema,
  slug: z.string(),
  section: blogSectionSchema,
  title: z.string(),
  excerpt: z.string(),
  authorName: z.string(),
  status: blogStatusSchema,
  state: blogStateSchema.describe("draft; scheduled: published with a future date; published: on the storefront"),
  publishedAt: z.string().nullable().describe("ISO-8601 UTC"),
  cover: imageSchema.extend({ key: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const blogAdminPostSummarySchema = z.object(blogAdminFields).meta({ id: "BlogAdminPostSummary" });
export type BlogAdminPostSummary = z.infer<typeof blogAdminPostSummarySchema>;

export const blogAdminPostSchema = z
  .object({ ...blogAdminFields, body: z.string().describe("The Markdown source") })
  .meta({ id: "BlogAdminPost" });
export type BlogAdminPost = z.infer<typeof blogAdminPostSchema>;

export const blogAdminQuerySchema = z.strictObject({
  page: staffListPage(),
  q: staffListSearch().describe("Words of the title, slug or excerpt"),
  section: blogSectionSchema.optional(),
  state: blogStateSchema.optional(),
});
export type BlogAdminQuery = z.input<typeof blogAdminQuerySchema>;
export type BlogAdminFilter = z.output<typeof blogAdminQuerySchema>;

export const blogAdminListSchema = z
  .object({
    items: z.array(blogAdminPostSummarySchema).describe("Last changed first"),
    total: z.int().min(0),
    ...pageCounts(),
  })
  .meta({ id: "BlogAdminList" });
export type BlogAdminList = z.infer<typeof blogAdminListSchema>;

export const blogPreviewInputSchema = z.strictObject({ body: blogPostInputSchema.shape.body });
export const blogPreviewSchema = z
  .object({ html: z.string().describe("The body as the storefront shows it") })
  .meta({ id: "BlogPreview" });
export type BlogPreview = z.infer<typeof blogPreviewSchema>;

/** A picture stored for a post: its key (the cover) and the address to write in the Markdown. */
export const blogImageSchema = z
  .object({
    key: z.string(),
    url: z.string().describe("The largest rendition, for ![description](url) in the body"),
    image: imageSchema,
  })
  .meta({ id: "BlogImage" });
export type BlogImage = z.infer<typeof blogImageSchema>;
