import { type PricedProduct, unitPriceCents } from "./unit-price.ts";

// Its own module, not unit-price.ts: the storefront's first load holds unit-price.ts (every price
// on a card) but not this, which only the cart's lazily loaded engine and the server use.
/**
 * What one unit of a line costs and how many pieces it takes from stock: a piece at the spec's
 * unit price; a box at the box price, as many pieces as its packs hold (a box whose pack counts
 * were never entered counts as one piece). Null: the product is not sold by the box.
 */
export function unitSale(
  product: PricedProduct & { pcsPerPack: number | null; packPerBox: number | null },
  unit: "piece" | "box",
): { unitPriceCents: number; piecesPerUnit: number } | null {
  if (unit === "piece") return { unitPriceCents: unitPriceCents(product), piecesPerUnit: 1 };
  if (product.sellingPriceBoxCents === null) return null;
  return {
    unitPriceCents: product.sellingPriceBoxCents,
    piecesPerUnit: (product.pcsPerPack ?? 1) * (product.packPerBox ?? 1),
  };
}

/** What a wholesale box needs of a variant: the spec's DistroPrice (per piece) and its pack counts. */
export interface WholesaleProduct {
  distroPriceCents: number | null;
  pcsPerPack: number | null;
  packPerBox: number | null;
}

/**
 * A box as an approved wholesale account buys it (docs/decisions/102): DistroPrice per piece times
 * the pieces a box holds (PcsPerPack × PackPerBox). Null when the variant lacks any of the three:
 * it is not sold wholesale.
 */
export function wholesaleBox(product: WholesaleProduct): { unitPriceCents: number; piecesPerUnit: number } | null {
  const { distroPriceCents, pcsPerPack, packPerBox } = product;
  if (distroPriceCents === null || pcsPerPack === null || packPerBox === null) return null;
  if (pcsPerPack < 1 || packPerBox < 1) return null;
  const piecesPerUnit = pcsPerPack * packPerBox;
  return { unitPriceCents: distroPriceCents * piecesPerUnit, piecesPerUnit };
}
