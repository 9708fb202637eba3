// The excise-tax domain's plain values (docs/decisions/096): what a tax rule is worked out on and
// which lines it takes in. Rates are data staff edit, like the compliance rules.

/**
 * What a tax is a rate of: the liquid in millilitres, each piece, the retail price (before or
 * after discounts, as the rule says), or the wholesale cost.
 */
export const TAX_BASES = ["per_ml", "per_unit", "retail_percent", "wholesale_percent"] as const;
export type TaxBasis = (typeof TAX_BASES)[number];

export const taxBasisLabels: Record<TaxBasis, string> = {
  per_ml: "Per millilitre of liquid",
  per_unit: "Per unit",
  retail_percent: "Percentage of the retail price",
  wholesale_percent: "Percentage of the wholesale cost",
};

/** Whether a tax's rate is an amount of money (per ml, per unit) or a percentage. */
export const isPercentBasis = (basis: TaxBasis): boolean => basis === "retail_percent" || basis === "wholesale_percent";

/** How a per-millilitre tax counts part of a millilitre: each container's whole millilitres, or all of it. */
export const ML_ROUNDINGS = ["whole_ml_down", "proportional"] as const;
export type MlRounding = (typeof ML_ROUNDINGS)[number];

export const mlRoundingLabels: Record<MlRounding, string> = {
  whole_ml_down: "Whole millilitres, rounded down",
  proportional: "Proportionally (part of a millilitre counts)",
};

/** Which lines a tax takes in by their nicotine: any, those with nicotine, or the nicotine-free. */
export const TAX_NICOTINE_CONDITIONS = ["any", "nicotine", "nicotine_free"] as const;
export type TaxNicotineCondition = (typeof TAX_NICOTINE_CONDITIONS)[number];

/** Which lines a tax takes in by their kind of device: any, prefilled (closed) or open systems. */
export const TAX_SYSTEM_CONDITIONS = ["any", "prefilled", "open"] as const;
export type TaxSystemCondition = (typeof TAX_SYSTEM_CONDITIONS)[number];

/** Which lines a tax takes in by their liquid: any, those holding liquid, or devices without any. */
export const TAX_LIQUID_CONDITIONS = ["any", "with_liquid", "without_liquid"] as const;
export type TaxLiquidCondition = (typeof TAX_LIQUID_CONDITIONS)[number];

/** A vape device is prefilled (a disposable, a pod or cartridge sold filled) or open (filled by the user). */
export const VAPE_SYSTEMS = ["prefilled", "open"] as const;
export type VapeSystem = (typeof VAPE_SYSTEMS)[number];

export const taxConditionWords = {
  nicotine: { any: "", nicotine: "with nicotine", nicotine_free: "without nicotine" },
  system: { any: "", prefilled: "prefilled (closed system)", open: "open system" },
  liquid: { any: "", with_liquid: "holding liquid", without_liquid: "without liquid" },
} as const;
