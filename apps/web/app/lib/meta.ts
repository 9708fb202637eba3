import { STORE_NAME } from "./store.ts";

/** Title and description tags for a page. */
export function pageMeta(title: string, description: string) {
  return [
    { title: title === STORE_NAME ? title : `${title} | ${STORE_NAME}` },
    { name: "description", content: description },
  ];
}
