import type { MasterCategory } from "@shop/shared";
import { href } from "react-router";
import { blogSections } from "../../features/blog/sections.ts";

/** A page one of the storefront's menus leads to. */
export interface StoreLink {
  to: string;
  label: string;
}

/** Each category's product list, in the shop's order (phone menu and footer). */
export const categoryLinks = (categories: MasterCategory[]): StoreLink[] =>
  categories.map((category) => ({ to: `${href("/products")}?category=${category.slug}`, label: category.name }));

/** Each blog section's list (footer). */
export const blogLinks: StoreLink[] = blogSections.map((section) => ({
  to: href(`/blog/${section.slug}`),
  label: section.label,
}));
