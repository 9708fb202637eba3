import { REGULATORY_CLASSES, type RegulatoryClass } from "../constants/compliance.ts";
import { optionKind } from "./variant.ts";

/** What the suggestion reads of a product: its category's slug and the form's attributes. */
export interface RegulatoryClassFacts {
  /** The master category's slug ("disposable", "kratom", …); null or unknown: the attributes alone decide. */
  categorySlug: string | null | undefined;
  productType?: string | null | undefined;
  /** The product's name: tells CBD from delta-8 gummies in a hemp category. */
  name?: string | null | undefined;
  flavour?: string | null | undefined;
  flavourGroup?: string | null | undefined;
  nicotineStrength?: string | null | undefined;
}

const has = (text: string, pattern: RegExp) => pattern.test(text);

/** Parts sold separately: coils, empty or replacement pods, dedicated batteries (510 thread). */
const ACCESSORY =
  /\b(coils?|empty pods?|replacement pods?|510|(vape|pod|cartridge|cart) batter(y|ies)|batter(y|ies) kits?|mods?)\b/i;
/** A device or cartridge that vaporises a liquid, with or without nicotine. */
const DEVICE = /\b(vapes?|disposables?|cartridges?|carts?|pods?|pod kits?|e-?liquids?|e-?juices?|vaporizers?)\b/i;
const FLOWER = /\b(flower|pre-?rolls?|buds?|smalls|joints?)\b/i;
const NON_INTOXICATING = /\b(cbd|cbg|cbn|non-?intoxicating)\b/i;
const INTOXICATING = /\b(thc|thca|delta|d8|d9|d10|hhc|thcp)\b|Δ/i;

/**
 * Whether a nicotine strength says there is nicotine: blank, "0%", "0 mg/mL", "nicotine-free" or
 * "zero" say there is none; any other number or word says there is.
 */
export function containsNicotine(strength: string | null | undefined): boolean {
  const text = (strength ?? "").trim();
  if (text === "") return false;
  if (/\b(free|none|zero|no nicotine)\b/i.test(text)) return false;
  const numbers = text.match(/\d+(\.\d+)?/g);
  if (numbers === null) return true;
  return numbers.some((number) => Number(number) > 0);
}

/** A flavour other than tobacco (menthol counts: some state bans name it); blank or "unflavoured" is none. */
export function isFlavoured(flavour: string | null | undefined, flavourGroup?: string | null): boolean {
  const text = `${flavour ?? ""} ${flavourGroup ?? ""}`.trim();
  if (text === "") return false;
  if (/\b(tobacco|unflavou?red|flavou?rless)\b/i.test(text)) return false;
  return true;
}

/**
 * The regulatory classes a product probably has, from its category and attributes, for staff to
 * confirm on the product form (docs/decisions/039). Where it is unsure
 * it leans to more classes: in the evaluation every class's rules apply and any ban wins, so an
 * extra class can only add a ban, an age or a requirement, never lift one.
 *
 * - A vape (the disposable category, or a type or name that says vape, cartridge, pod, e-liquid)
 *   is ENDS; a coil, empty pod or dedicated battery sold alone is ENDS_ACCESSORY.
 * - Nicotine (a strength that is not blank or zero) is NICOTINE, whatever the product.
 * - A vape or nicotine product with a flavour other than tobacco is FLAVORED.
 * - Kratom is KRATOM; hydroxy (7-OH) is ALK_7OH and pseudo is ALK_MP, each also KRATOM: both are
 *   made from kratom's alkaloids, and the kratom laws (bans and the Consumer Protection Acts)
 *   name products with those alkaloids.
 * - Hemp: flower and pre-rolls are HEMP_THCA_FLOWER; CBD-only products HEMP_NONINTOX; the rest
 *   (delta-8/9/10, HHC, THCA extracts, gummies, vapes) HEMP_INTOX.
 * - Candy, chargers and anything else with none of these: GENERAL (a plain USB charger is general
 *   goods; staff mark a charger made for one vape ENDS_ACCESSORY).
 *
 * The classes come back in REGULATORY_CLASSES order.
 */
export function suggestRegulatoryClasses(facts: RegulatoryClassFacts): RegulatoryClass[] {
  const slug = (facts.categorySlug ?? "").trim().toLowerCase();
  const type = facts.productType ?? "";
  const words = `${type} ${facts.name ?? ""}`;
  const classes = new Set<RegulatoryClass>();

  const accessory = has(type, ACCESSORY) && !has(type, /\bdisposables?\b/i);
  if (accessory) classes.add("ENDS_ACCESSORY");
  else if (slug === "disposable" || has(type, DEVICE) || (slug === "hemp-product" && has(words, /\bvapes?\b/i))) {
    classes.add("ENDS");
  }

  if (containsNicotine(facts.nicotineStrength)) classes.add("NICOTINE");
  if ((classes.has("ENDS") || classes.has("NICOTINE")) && isFlavoured(facts.flavour, facts.flavourGroup)) {
    classes.add("FLAVORED");
  }

  if (slug === "kratom") classes.add("KRATOM");
  if (slug === "hydroxy") classes.add("ALK_7OH").add("KRATOM");
  if (slug === "pseudo") classes.add("ALK_MP").add("KRATOM");

  if (slug === "hemp-product") {
    if (!classes.has("ENDS") && has(type, FLOWER)) classes.add("HEMP_THCA_FLOWER");
    else if (has(words, NON_INTOXICATING) && !has(words, INTOXICATING)) classes.add("HEMP_NONINTOX");
    else classes.add("HEMP_INTOX");
  }

  if (classes.size === 0) classes.add("GENERAL");
  return REGULATORY_CLASSES.filter((code) => classes.has(code));
}

/**
 * What a variant's option values say of it where its product's fields cannot (docs/decisions/093):
 * its nicotine strength and its flavour, from the options so named; undefined where it has none.
 */
export function variantAttributes(options: readonly { name: string; value: string }[]): {
  nicotineStrength?: string;
  flavour?: string;
} {
  const nicotine = options.find((option) => optionKind(option.name) === "nicotine");
  const flavour = options.find((option) => optionKind(option.name) === "flavour");
  return {
    ...(nicotine ? { nicotineStrength: nicotine.value } : {}),
    ...(flavour ? { flavour: flavour.value } : {}),
  };
}

/**
 * A variant's classes: its product's, less what its own option values rule out. A variant whose
 * nicotine strength says none ("0 mg", "Zero") is not NICOTINE; one whose flavour is tobacco or
 * none is not FLAVORED. Options never add a class: staff set those on the product, and an extra
 * class can only add a ban (docs/decisions/039).
 */
export function variantClasses(
  classes: readonly RegulatoryClass[],
  attributes: { nicotineStrength?: string; flavour?: string },
): RegulatoryClass[] {
  return classes.filter(
    (code) =>
      !(
        code === "NICOTINE" &&
        attributes.nicotineStrength !== undefined &&
        !containsNicotine(attributes.nicotineStrength)
      ) && !(code === "FLAVORED" && attributes.flavour !== undefined && !isFlavoured(attributes.flavour)),
  );
}

/** The classes in REGULATORY_CLASSES order, each once: how they are stored and shown. */
export function sortRegulatoryClasses(classes: Iterable<string>): RegulatoryClass[] {
  const set = new Set(classes);
  return REGULATORY_CLASSES.filter((code) => set.has(code));
}
