/**
 * A light English stemmer for product search (docs/decisions/019): it folds plurals and the
 * final y/ie onto one stem ("gummy", "gummies" → "gummi"; "flavors" → "flavor"; "boxes" → "box")
 * and leaves other endings alone ("flavored" stays; prefix matching finds it from "flavor").
 *
 * It is built to keep typing in progress working: the stem of a partly typed word is a prefix
 * of the stem of the whole word ("gumm", "gummi", "gummie" → prefixes of "gummi"), because each
 * rule either drops letters at the end or changes only a final y, ie, oe, sse or (x|ch|sh|z)e the
 * way the full word's rule does. Words of letters only, already lower-case; 3 letters or fewer
 * are kept as they are.
 */
export function stemWord(word: string): string {
  if (word.length <= 3 || !/^\p{Ll}+$/u.test(word)) return word;
  // berries → berri, cookies → cooki (and "pies" → "pie" by the plain s below)
  if (word.length >= 5 && word.endsWith("ies")) return word.slice(0, -2);
  // cookie → cooki, and "gummie" on the way to "gummies"
  if (word.length >= 5 && word.endsWith("ie")) return word.slice(0, -1);
  // gummy → gummi, berry → berri; not after a vowel (key, honey, day)
  if (/[^aeiouy]y$/.test(word)) return `${word.slice(0, -1)}i`;
  // glasses, glasse → glass
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("sse")) return word.slice(0, -1);
  // boxes → box, matches → match, flashes → flash, sizes → siz (and size → siz)
  if (/(?:x|ch|sh|z)es$/.test(word)) return word.slice(0, -2);
  if (/(?:x|ch|sh|z)e$/.test(word)) return word.slice(0, -1);
  // mangoes, mangoe → mango; not shoes (→ shoe by the plain s)
  if (word.length >= 6 && word.endsWith("oes")) return word.slice(0, -2);
  if (word.length >= 5 && word.endsWith("oe")) return word.slice(0, -1);
  // flavors → flavor, disposables → disposable; not glass, citrus, cannabis
  if (/[^siu]s$/.test(word)) return word.slice(0, -1);
  return word;
}
