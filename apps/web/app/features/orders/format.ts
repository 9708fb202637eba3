/** A sales-tax rate in basis points as people write it: 625 → "6.25%", 800 → "8%". */
export function formatTaxRate(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

/** "1 item", "3 items". */
export const itemCount = (count: number): string => `${count} ${count === 1 ? "item" : "items"}`;
