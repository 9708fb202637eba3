import type { MetaDescriptor } from "react-router";
import { STORE_NAME } from "./store.ts";

/** A dashboard page's title; no dashboard page is for search engines. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${STORE_NAME} Admin` }, { name: "robots", content: "noindex" }];
}
