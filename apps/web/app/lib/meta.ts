import type { MetaDescriptor } from "react-router";
import { STORE_NAME } from "./store.ts";

interface PageMetaOptions {
  /** An absolute URL of a picture for link previews. */
  image?: string | undefined;
  type?: "website" | "product" | "article";
}

/** Title, description and the Open Graph tags of a page (its canonical link comes from the root layout). */
export function pageMeta(title: string, description: string, options: PageMetaOptions = {}): MetaDescriptor[] {
  const fullTitle = title === STORE_NAME ? title : `${title} | ${STORE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: STORE_NAME },
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
