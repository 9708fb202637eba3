/**
 * How a refund gives back an order's excise (docs/decisions/098): a refund of R on an order of
 * total T gives back R / T of each excise amount. The shares are worked out on what has been
 * refunded so far, each rounded half up to the cent and never more than the tax, and each refund
 * reverses what its share adds: so several refunds add up to exactly the share of their sum, and
 * refunding the whole total gives back every cent of the tax.
 */

/** `cents × part / whole`, rounded half up to the cent, in whole numbers (no floating-point halves). */
function shareOf(cents: number, part: number, whole: number): number {
  if (whole <= 0 || part <= 0 || cents <= 0) return 0;
  if (part >= whole) return cents;
  return Math.min(cents, Math.floor((2 * cents * part + whole) / (2 * whole)));
}

/**
 * For each refund, in the order they were made, what it reverses of each excise amount (cents,
 * zero or more, in the order of `exciseCents`). `refundCents` are the refunds' amounts; more than
 * the total in all gives back the tax once, no more.
 */
export function exciseReversals(
  exciseCents: readonly number[],
  totalCents: number,
  refundCents: readonly number[],
): number[][] {
  const reversed = exciseCents.map(() => 0);
  let refunded = 0;
  return refundCents.map((refund) => {
    refunded += Math.max(0, refund);
    return exciseCents.map((cents, index) => {
      const upToNow = shareOf(cents, refunded, totalCents);
      const step = upToNow - (reversed[index] as number);
      reversed[index] = upToNow;
      return step;
    });
  });
}
