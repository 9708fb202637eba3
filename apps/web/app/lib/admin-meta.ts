import type { MetaDescriptor } from "react-router";
import { titles } from "./meta.ts";

/** A dashboard page's title; no dashboard page is for search engines. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${titles.shopName} Admin` }, { name: "robots", content: "noindex" }];
}
