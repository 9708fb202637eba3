export const SLUG_MAX_LENGTH = 200;

/**
 * The spec's slug rule: accents stripped, lower case, every run of other characters
 * becomes one dash, no dash at either end, at most 200 characters.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}
