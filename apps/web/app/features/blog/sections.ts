import type { BlogSection } from "@shop/shared";

/**
 * The blog's sections as the pages show them. Kept here rather than in @shop/shared so that
 * the browser bundle imports no schema module (and with it, no zod).
 */
export const blogSections: { slug: BlogSection; label: string; description: string }[] = [
  {
    slug: "latest",
    label: "Latest",
    description: "News from the shop: new arrivals, rules that change and what they mean for your orders.",
  },
  {
    slug: "reviews",
    label: "Reviews",
    description: "Hands-on, honest reviews of what we sell, from disposables to chargers.",
  },
  {
    slug: "guides",
    label: "Guides",
    description: "Plain-language guides: reading a COA, looking after your devices and knowing what you buy.",
  },
];

export const BLOG_DESCRIPTION = "News, honest reviews and plain-language guides about what we sell, for adults 21+.";

export function blogSection(slug: BlogSection) {
  return blogSections.find((section) => section.slug === slug) ?? { slug, label: slug, description: "" };
}

/** The section a listing path names (`/blog/guides` → guides); undefined for `/blog` itself. */
export function sectionFromPath(pathname: string): BlogSection | undefined {
  const last = pathname.replace(/\/+$/, "").split("/").pop()?.toLowerCase();
  return blogSections.find((section) => section.slug === last)?.slug;
}
