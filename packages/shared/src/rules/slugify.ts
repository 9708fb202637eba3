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
