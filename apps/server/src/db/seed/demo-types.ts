import type { RegulatoryClass, VapeSystem } from "@shop/shared/constants";
import type { SeedVariants } from "./variants.ts";

/** Shapes of the demo shop's data. The content lives in demo-catalog.ts. */

export type DemoCategorySlug = "kratom" | "disposable" | "hydroxy" | "pseudo" | "hemp-product" | "candy" | "charger";

/** What the generated product picture shows; drawn locally by demo-images.ts. */
export type DemoArt =
  | "vape"
  | "pod"
  | "jar"
  | "bag"
  | "tablets"
  | "flower"
  | "gummies"
  | "candy"
  | "charger"
  | "capsules";

export interface DemoCategory {
  slug: DemoCategorySlug;
  name: string;
  description: string;
  art: DemoArt;
  /** Two hex colours (#rrggbb) for the picture's gradient. */
  colors: [string, string];
}

export interface DemoProduct {
  /** Unique, stable, upper-case: e.g. "DSP-NIM-25K-WM". */
  sku: string;
  /** What compliance rules key on, chosen for each product (docs/decisions/039). */
  regulatoryClasses: RegulatoryClass[];
  name: string;
  category: DemoCategorySlug;
  /** The spec's ProductType; 'Disposable' for disposables, otherwise a fitting type ("Powder", "Tablet", "Flower", "Gummies", "Charger"...). */
  productType: string;
  /** Two to four sentences a real shop would print. */
  description: string;
  featured: boolean;
  brand: string;
  strainName: string | null;
  strainType: "Indica" | "Sativa" | "Hybrid" | null;
  flavour: string | null;
  flavourGroup: string | null;
  size: string | null;
  weight: string | null;
  battery: string | null;
  liquid: string | null;
  nicotineStrength: string | null;
  nicotineStrengthDetail: string | null;
  puffs9000PerDevice: boolean;
  coil: string | null;
  typeCRechargeablePort: boolean;
  /** Money in integer US cents. */
  priceCents: number;
  distroPriceCents: number | null;
  sellingPricePcsCents: number | null;
  sellingPriceBoxCents: number | null;
  pcsPerPack: number | null;
  packPerBox: number | null;
  deliveryAvailable: boolean;
  inStoreStockAvailable: boolean;
  stock: number;
  art: DemoArt;
  colors: [string, string];
  /** Its options and its variants besides its own (a flavour in two strengths, three sizes). */
  variants?: SeedVariants;
  /**
   * The excise facts of its own variant where its fields do not tell them (docs/decisions/096):
   * millilitres and nicotine in thousandths, prefilled or open.
   */
  exciseFacts?: { liquidMl: number; nicotineMgPerMl: number; system: VapeSystem };
}

export interface DemoBanner {
  id: string;
  title: string;
  description: string;
  linkUrl: string;
  art: DemoArt;
  colors: [string, string];
}
