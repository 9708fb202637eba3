import { z } from "zod";
import { BLOG_MAX_PAGE_SIZE, BLOG_PAGE_SIZE, BLOG_SECTIONS } from "../constants/blog.ts";
import { idSchema, imageSchema, pageCounts, pageQuery } from "./common.ts";

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
        "The post rendered on the server from its Markdown source: only p, h2, h3, strong, em, a (http, https or site paths), ul, ol and li; all other HTML in the source is escaped",
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
