// Numbers as people read and type them: money and counts. Money is integer US cents everywhere
// inside the shop; dollars exist only at the edges.

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Cents as a plain dollar amount with two decimals ("1299" → "12.99"): what forms and machine-read data show. */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Parses a dollar amount typed by a person ("12", "12.5", "$1,299.99") into cents; null when it is not one. */
export function parseDollarsToCents(input: string): number | null {
  const cleaned = input.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A whole number as people write it, on the pages, in messages and in mails: 1234 → "1,234". */
export const formatCount = (count: number): string => count.toLocaleString("en-US");
