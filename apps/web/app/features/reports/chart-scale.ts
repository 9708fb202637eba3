/**
 * The top of a chart's scale: the largest value rounded up to 1, 2 or 5 times a power of ten
 * (1,234 → 2,000), so its label is a round figure; 1 when everything is zero.
 */
export function scaleTop(values: readonly number[]): number {
  const largest = Math.max(0, ...values);
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= largest) ?? 10;
  return step * power;
}

/** Which bars get a date under them: the first, the last and a few evenly between (at most `most`). */
export function labelledBars(count: number, most: number): Set<number> {
  if (count <= most) return new Set(Array.from({ length: count }, (_, index) => index));
  const every = (count - 1) / (most - 1);
  return new Set(Array.from({ length: most }, (_, index) => Math.round(index * every)));
}
