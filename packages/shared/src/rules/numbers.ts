// Numbers as people read and type them: money and counts. Money is integer US cents everywhere
// inside the shop; dollars exist only at the edges.

// Written out rather than with Intl.NumberFormat: the browser's first Intl formatter loads its
// locale data, 46 ms of a phone's main thread while the storefront's code starts (decision 086),
// for a format that is fixed. numbers.test.ts holds both to Intl's answers.

/** Digits grouped by threes with commas, as en-US writes them: "1234567" → "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ",");

/** Cents as US dollars, as `Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })` writes them: "$1,234.56", "-$0.50". */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? "-" : "";
  return `${sign}$${grouped(String(Math.floor(whole / 100)))}.${String(whole % 100).padStart(2, "0")}`;
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
export const formatCount = (count: number): string =>
  Number.isSafeInteger(count)
    ? `${count < 0 ? "-" : ""}${grouped(String(Math.abs(count)))}`
    : count.toLocaleString("en-US");
