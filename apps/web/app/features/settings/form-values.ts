import { formatCount, parseDollarsToCents, slugify } from "@shop/shared/rules";
import { z } from "zod";

/** A whole number typed in a field, within the setting's bounds; the message stands beside the field. */
export function wholeNumber(min: number, max: number) {
  const message = `Please enter a whole number from ${formatCount(min)} to ${formatCount(max)}.`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .pipe(z.int().min(min, { error: message }).max(max, { error: message }));
}

/** An amount typed in dollars ("10", "10.50", "$1,000"), held as cents. */
export const dollarsAsCents = z.string().transform((text, context) => {
  const cents = parseDollarsToCents(text);
  if (cents === null || cents > 100_000_000) {
    context.addIssue({ code: "custom", message: "Please enter an amount in dollars, such as 10 or 9.99." });
    return z.NEVER;
  }
  return cents;
});

/** A sales tax rate typed in percent ("6.25"), held in basis points (625); at most 20 %. */
export const percentAsBasisPoints = z.string().transform((text, context) => {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, "").trim());
  const points = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
  if (points === null || points > 2000) {
    context.addIssue({ code: "custom", message: "Please enter a rate from 0 to 20 percent, such as 6.25." });
    return z.NEVER;
  }
  return points;
});

/** Basis points as the form shows them: 625 → "6.25", 700 → "7". */
export const percentOf = (basisPoints: number) => String(basisPoints / 100);

/** A payment method's id from its name: "Money order" → "money-order" (ids already used get a number). */
export function methodId(name: string, taken: ReadonlySet<string>): string {
  const base = slugify(name).slice(0, 36).replace(/-$/, "") || "method";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}
