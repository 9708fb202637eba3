/** The blog's three sections, as the spec's header names them: Latest, Reviews, Guides. */
export const BLOG_SECTIONS = ["latest", "reviews", "guides"] as const;

export const BLOG_PAGE_SIZE = 10;
export const BLOG_MAX_PAGE_SIZE = 50;

export function blogPostNotFoundMessage(slug: string): string {
  return `post ${slug} not found.`;
}
export type BlogSection = (typeof BLOG_SECTIONS)[number];
