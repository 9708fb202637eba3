/**
 * What a buyer calls one variant of a product: its name, then its option values in their order
 * ("Nimbrix Pro 25K (Blue Razz, 5%)"); the name alone for a product without options.
 */
export function variantName(name: string, values: readonly (string | null)[]): string {
  const named = values.filter((value): value is string => value !== null);
  return named.length === 0 ? name : `${name} (${named.join(", ")})`;
}
