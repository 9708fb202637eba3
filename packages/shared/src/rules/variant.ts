import type { VariantOption } from "../schemas/catalog.ts";

/**
 * What a buyer calls one variant of a product: its name, then its option values in their order
 * ("Nimbrix Pro 25K (Blue Razz, 5%)"); the name alone for a product without options.
 */
export function variantName(name: string, options: readonly VariantOption[]): string {
  return options.length === 0 ? name : `${name} (${options.map((option) => option.value).join(", ")})`;
}
