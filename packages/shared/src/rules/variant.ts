/**
 * What a buyer calls one variant of a product: its name, then its option values in their order
 * ("Nimbrix Pro 25K (Blue Razz, 5%)"); the name alone for a product without options.
 */
export function variantName(name: string, values: readonly (string | null)[]): string {
  const named = values.filter((value): value is string => value !== null);
  return named.length === 0 ? name : `${name} (${named.join(", ")})`;
}

/**
 * What an option gives its variants, by its name: a nicotine strength ("Nicotine strength",
 * "Strength"), a flavour ("Flavour", "Flavor") or a size ("Size", "Weight", "Count"); null for
 * another (a colour). The rules and the list's filters read the first three.
 */
export function optionKind(name: string): "nicotine" | "flavour" | "size" | null {
  if (/\b(nicotine|strength)\b/i.test(name)) return "nicotine";
  if (/\bflavou?rs?\b/i.test(name)) return "flavour";
  if (/\b(size|weight|count)\b/i.test(name)) return "size";
  return null;
}
