import type { Product, ProductVariant, VariantOption, VariantSummary } from "../schemas/catalog.ts";

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

/** A cart or order line as the buyer reads it: its product's name with its variant's option values. */
export function lineName(line: { name: string; options: readonly Pick<VariantOption, "value">[] }): string {
  return variantName(
    line.name,
    line.options.map((option) => option.value),
  );
}

type Variants = readonly Pick<ProductVariant, "id" | "options" | "stock">[];

/**
 * The variant among `variants` (those for sale, in their order) whose values are closest to
 * `values`: the most of them in the same places, then one in stock, then the first. Undefined
 * when `variants` is empty.
 */
function closest<V extends Variants[number]>(variants: readonly V[], values: readonly string[]): V | undefined {
  let best: V | undefined;
  let bestScore = -1;
  for (const variant of variants) {
    const same = variant.options.filter((value, index) => value === values[index]).length;
    // Stock decides only between variants that keep as many values.
    const score = same * 2 + (variant.stock > 0 ? 1 : 0);
    if (score > bestScore) {
      best = variant;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The variant a product page shows: the one the address names when it is for sale, else the first
 * in stock, else the first; null when none is for sale.
 */
export function shownVariant<V extends Variants[number]>(variants: readonly V[], id: string | null): V | null {
  return (
    variants.find((variant) => variant.id === id) ??
    variants.find((variant) => variant.stock > 0) ??
    variants[0] ??
    null
  );
}

/**
 * The variant of these option values as chosen from the variant `from` shows (the choices sent
 * without JavaScript): that combination when it is sold, else the closest one that keeps the values
 * the buyer changed, else the closest one; null when none is for sale.
 */
export function variantOfValues<V extends Variants[number]>(
  variants: readonly V[],
  values: readonly string[],
  from: Pick<ProductVariant, "options"> | null,
): V | null {
  const changed = values.flatMap((value, index) => (value === from?.options[index] ? [] : [index]));
  const keeping = variants.filter((variant) => changed.every((index) => variant.options[index] === values[index]));
  return closest(keeping.length > 0 ? keeping : variants, values) ?? null;
}

/**
 * How one value of an option stands beside the values shown for the other options:
 * - `available`: that combination is for sale and in stock;
 * - `sold_out`: it is for sale but out of stock;
 * - `elsewhere`: that combination is not sold, but the value is with other values (choosing it
 *   changes them);
 * - `not_sold`: no variant for sale has the value.
 */
export type ChoiceState = "available" | "sold_out" | "elsewhere" | "not_sold";

export interface OptionChoice {
  value: string;
  state: ChoiceState;
  /** The variant choosing it shows; null when no variant for sale has the value. */
  variantId: string | null;
}

/**
 * Every value of every option as a choice beside the shown variant's values (`shown`, one per
 * option): whether it is sold as it would combine, and the variant choosing it leads to (that
 * combination when it is sold, else the closest one with that value).
 */
export function optionChoices(
  options: readonly { values: readonly string[] }[],
  variants: Variants,
  shown: readonly string[],
): OptionChoice[][] {
  return options.map((option, index) =>
    option.values.map((value) => {
      const wanted = shown.map((current, at) => (at === index ? value : current));
      const withValue = variants.filter((variant) => variant.options[index] === value);
      const target = closest(withValue, wanted);
      if (!target) return { value, state: "not_sold", variantId: null };
      const exact = target.options.every((current, at) => current === wanted[at]);
      const state: ChoiceState = !exact ? "elsewhere" : target.stock > 0 ? "available" : "sold_out";
      return { value, state, variantId: target.id };
    }),
  );
}

/**
 * One variant of a product as a cart line takes it: the product's card with the variant's SKU,
 * prices, stock and picture (its own, else the product's), its option values named.
 */
export function variantSummary(product: Product, variant: ProductVariant): VariantSummary {
  return {
    ...product,
    variantId: variant.id,
    options: product.options.map((option, index) => ({ name: option.name, value: variant.options[index] ?? "" })),
    sku: variant.sku,
    priceCents: variant.priceCents,
    sellingPricePcsCents: variant.sellingPricePcsCents,
    sellingPriceBoxCents: variant.sellingPriceBoxCents,
    pcsPerPack: variant.pcsPerPack,
    packPerBox: variant.packPerBox,
    stock: variant.stock,
    image: variant.image ?? product.image,
  };
}

/**
 * How a card counts a product's choices: "12 flavours", "3 sizes" by its first option when that
 * has several values for sale, else "4 options".
 */
export function choicesText(variantCount: number, firstOption: { name: string; values: number } | null): string {
  if (firstOption === null || firstOption.values < 2) return `${variantCount} options`;
  const name = firstOption.name.toLocaleLowerCase("en-US");
  return `${firstOption.values} ${name.endsWith("s") ? name : `${name}s`}`;
}
