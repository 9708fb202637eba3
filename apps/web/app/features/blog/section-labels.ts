import type { BlogSection } from "@shop/shared/constants";

/**
 * The sections' names in the dashboard. features/blog/sections.ts names them for the storefront;
 * importing it here would make the storefront's shell chunk export it to the dashboard, a few bytes
 * the storefront's full JS budget does not have (decision 058).
 */
export const sectionLabels: Record<BlogSection, string> = { latest: "Latest", reviews: "Reviews", guides: "Guides" };
