/**
 * Which part of the shop an address belongs to. Routing ignores case (`routerOptions.caseSensitive:
 * false`: `/API/health` is the health route), so every check of a prefix must ignore it too, or
 * `/API/…` would be answered by the API with the rules of a page. The one way to ask.
 */
export type PathArea = "api" | "api-docs" | "uploads" | "assets";

const prefixes: Record<PathArea, string> = {
  api: "/api/",
  "api-docs": "/api/docs",
  uploads: "/uploads/",
  assets: "/assets/",
};

/** Whether `url` (a path, perhaps with a query) lies under the area's prefix, in any case. */
export function isUnder(url: string, area: PathArea): boolean {
  const prefix = prefixes[area];
  return url.slice(0, prefix.length).toLowerCase() === prefix;
}
