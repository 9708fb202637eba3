/**
 * Product search, the same on SQLite (FTS5) and PostgreSQL (text search, 'simple'): both index
 * `productSearchText`, words made of letters and digits only, and a query matches when each of
 * its words begins some word of the product.
 */

const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 40;

function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The words a product is found by: name, brand, flavour, strain and description. */
export function productSearchText(product: {
  name: string;
  brand: string | null;
  flavour: string | null;
  strainName: string | null;
  description: string;
}): string {
  return normalize([product.name, product.brand, product.flavour, product.strainName, product.description].join(" "));
}

/** The words of a query, as the index holds them; at most 8. */
export function searchWords(query: string): string[] {
  const words = normalize(query)
    .split(" ")
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}
