export const SLUG_MAX_LENGTH = 200;

/** Latin letters that Unicode does not decompose into a base letter plus an accent. */
const unaccented: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
  ħ: "h",
};

/**
 * The spec's slug rule: accents stripped, lower case, every run of other characters
 * becomes one dash, no dash at either end, at most 200 characters.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðþłıħ]/g, (letter) => unaccented[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}

/**
 * `slug` itself when no one has it, otherwise `slug-2`, `slug-3` … (the first free one). The
 * base is shortened where needed so that the result stays within 200 characters.
 */
export function uniqueSlug(slug: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const base = slug.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "");
    const candidate = `${base}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** The slug of a category name with no Latin letters or digits at all (e.g. only Cyrillic). */
export const CATEGORY_FALLBACK_SLUG = "category";

/**
 * The slug a category named `name` is saved with: on a rename its current slug is kept while
 * the name still gives it (numbered or not); otherwise the first free one among `others`.
 * The server saves it and the form shows it, so what staff see is what the shop's links use.
 */
export function categorySlug(name: string, others: Iterable<string>, current?: string): string {
  const base = slugify(name) || CATEGORY_FALLBACK_SLUG;
  if (current !== undefined) {
    const numbered = /^(.+)-\d+$/.exec(current)?.[1];
    if (current === base || (numbered !== undefined && base.startsWith(numbered))) return current;
  }
  return uniqueSlug(base, others);
}
