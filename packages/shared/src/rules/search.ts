import { stemWord } from "./stem.ts";

/**
 * Product search, the same on SQLite (FTS5) and PostgreSQL (text search, 'simple'): both index
 * `productSearchText`, stemmed words made of letters only or digits only, and a query matches
 * when each of its terms matches some word of the product (docs/decisions/008 and 019).
 */

/** The longest search the storefront accepts (the search field's maxLength). */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/**
 * A storefront search counts its matches up to this many; beyond, the answer says "more than"
 * (`totalProductsCapped`) instead of counting every match (docs/decisions/019).
 */
export const SEARCH_COUNT_LIMIT = 1000;

const MAX_SEARCH_TERMS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * Accents off, lower case, every run of characters that are not letters or digits one space,
 * and letters split from digits ("15mg" → "15 mg", "25K" → "25 k"), so that "15 mg" and "15mg"
 * are the same words.
 */
function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu, "$1$2 ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A word worth searching by: any number, or letters when there are two or more. */
function searchable(word: string): boolean {
  return word.length > 1 || /\p{N}/u.test(word);
}

const isNumber = (word: string) => /^\p{N}+$/u.test(word);

/** The plain words of a text, longest 40 characters, one-letter words left out. */
function wordsOf(text: string): string[] {
  return normalize(text)
    .split(" ")
    .filter(searchable)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/**
 * The words a product is found by: name, brand, flavour, strain, description and its variants'
 * option values (a flavour, a strength, a size), each stemmed (stemWord), once each, in order.
 */
export function productSearchText(product: {
  name: string;
  brand: string | null;
  flavour: string | null;
  strainName: string | null;
  description: string;
  optionValues?: readonly string[];
}): string {
  const text = [
    product.name,
    product.brand,
    product.flavour,
    product.strainName,
    product.description,
    ...(product.optionValues ?? []),
  ].join(" ");
  return [...new Set(wordsOf(text).map(stemWord))].join(" ");
}

/**
 * One term of a query. A product matches it when one of its words begins with one of `words`
 * (`prefix`), or equals one of them (numbers: "5" finds "5%" but not "50").
 */
export interface SearchTerm {
  words: string[];
  prefix: boolean;
}

/**
 * The terms of a storefront or staff search, at most 8. Letters are stemmed and matched as the
 * beginning of a word, so "gummy" finds "gummies" and "kra" finds "kratom"; when the stem is not
 * the beginning of the typed word ("gummy" → "gummi") the typed word is tried as well. Numbers
 * match whole numbers. One-letter words ("a", the "c" of "USB-C") are left out: as a prefix
 * they would match nearly every product. A query with no term left finds nothing.
 */
export function searchTerms(query: string): SearchTerm[] {
  const terms = new Map<string, SearchTerm>();
  for (const word of wordsOf(query)) {
    if (isNumber(word)) {
      terms.set(word, { words: [word], prefix: false });
      continue;
    }
    const stem = stemWord(word);
    terms.set(stem, { words: word.startsWith(stem) ? [stem] : [stem, word], prefix: true });
  }
  return [...terms.values()].slice(0, MAX_SEARCH_TERMS);
}

/** Whether a product's search text (productSearchText) matches every term: the rule both engines apply. */
export function matchesSearch(searchText: string, terms: SearchTerm[]): boolean {
  const words = searchText.split(" ");
  return terms.every((term) =>
    term.words.some((wanted) => words.some((word) => (term.prefix ? word.startsWith(wanted) : word === wanted))),
  );
}

/**
 * The plain words of a query, at most 8, for searches that look for parts of names and codes
 * (the lab results' product name and lot number): not stemmed, one-letter words left out.
 */
export function searchWords(query: string): string[] {
  return [...new Set(wordsOf(query))].slice(0, MAX_SEARCH_TERMS);
}
