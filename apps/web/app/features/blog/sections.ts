import { BLOG_SECTIONS, type BlogSection } from "@shop/shared/constants";

/** How the pages name and describe each of the shared list's blog sections. */
const sectionTexts: Record<BlogSection, { label: string; description: string }> = {
  latest: {
    label: "Latest",
    description: "News from the shop: new arrivals, rules that change and what they mean for your orders.",
  },
  reviews: {
    label: "Reviews",
    description: "Hands-on, honest reviews of what we sell, from disposables to chargers.",
  },
  guides: {
    label: "Guides",
    description: "Plain-language guides: reading a COA, looking after your devices and knowing what you buy.",
  },
};

/** The blog's sections in the shared list's order, as the header, footer and blog pages show them. */
export const blogSections = BLOG_SECTIONS.map((slug) => ({ slug, ...sectionTexts[slug] }));

export const BLOG_DESCRIPTION = "News, honest reviews and plain-language guides about what we sell, for adults 21+.";

export function blogSection(slug: BlogSection) {
  return { slug, ...sectionTexts[slug] };
}

/** The section a listing path names (`/blog/guides` → guides); undefined for `/blog` itself. */
export function sectionFromPath(pathname: string): BlogSection | undefined {
  const last = pathname.replace(/\/+$/, "").split("/").pop()?.toLowerCase();
  return BLOG_SECTIONS.find((slug) => slug === last);
}
