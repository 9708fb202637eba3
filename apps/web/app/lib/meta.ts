import { STORE_NAME } from "@shop/shared/constants";
import type { MetaDescriptor } from "react-router";

/**
 * The shop's name in titles (Settings > Store profile). The root layout sets it from its loader
 * before <Meta> renders, in the same pass; it is one name for the whole shop (decision 054).
 */
export const titles = { shopName: STORE_NAME as string };

interface PageMetaOptions {
  /** An absolute URL of a picture for link previews. */
  image?: string | undefined;
  type?: "website" | "product" | "article";
}

/** Title ("" for the shop's name alone), description and the Open Graph tags of a page (its canonical link comes from the root layout). */
export function pageMeta(title: string, description: string, options: PageMetaOptions = {}): MetaDescriptor[] {
  const fullTitle = title === "" ? titles.shopName : `${title} | ${titles.shopName}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: titles.shopName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: options.type ?? "website" },
    ...(options.image ? [{ property: "og:image", content: options.image }] : []),
  ];
}

/** The query parameters that make a different page; others (sorting, tracking) share its canonical URL. */
const canonicalParameters = ["category", "page", "q", "product"];

export function canonicalUrl(publicUrl: string, pathname: string, search: string): string {
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) {
    if (canonicalParameters.includes(name) && value !== "" && !(name === "page" && value === "1"))
      kept.append(name, value);
  }
  const query = kept.toString();
  return `${publicUrl}${pathname}${query ? `?${query}` : ""}`;
}
