import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exciseReversals } from "./excise-refunds.ts";

describe("exciseReversals", () => {
  it("gives back the refund's share of each tax, rounded half up to the cent", () => {
    // An order of $50.00 with Ohio's $2.00 and Columbus's $1.25: $10.00 back is a fifth of each.
    expect(exciseReversals([200, 125], 5000, [1000])).toEqual([[40, 25]]);
    // A third of $1.00 is 33.33… cents: 33. Half of 25 cents is 12.5: 13.
    expect(exciseReversals([100], 3000, [1000])).toEqual([[33]]);
    expect(exciseReversals([25], 1000, [500])).toEqual([[13]]);
  });

  it("gives back the whole tax on a whole refund, and no more on a refund over the total", () => {
    expect(exciseReversals([200, 125], 5000, [5000])).toEqual([[200, 125]]);
    expect(exciseReversals([200], 5000, [9000])).toEqual([[200]]);
  });

  it("works each later refund on what was refunded so far, so the steps add up to the share of the sum", () => {
    // Three refunds of a third each: 33, 34 (67 so far), 33 (all 100).
    expect(exciseReversals([100], 3000, [1000, 1000, 1000])).toEqual([[33], [34], [33]]);
    // Two halves of 25 cents: 13 then 12.
    expect(exciseReversals([25], 1000, [500, 500])).toEqual([[13], [12]]);
  });

  it("reverses nothing of a zero tax, a zero refund or an order of no total", () => {
    expect(exciseReversals([0, 50], 1000, [0, 100])).toEqual([
      [0, 0],
      [0, 5],
    ]);
    expect(exciseReversals([50], 0, [100])).toEqual([[0]]);
    expect(exciseReversals([], 1000, [100])).toEqual([[]]);
  });

  it("never gives back more than the tax, and gives back the share of all the refunds to the cent", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 5 }),
        (taxes, total, refunds) => {
          const steps = exciseReversals(taxes, total, refunds);
          const refunded = Math.min(
            total,
            refunds.reduce((sum, refund) => sum + refund, 0),
          );
          taxes.forEach((tax, index) => {
            const back = steps.reduce((sum, step) => sum + (step[index] as number), 0);
            expect(steps.every((step) => (step[index] as number) >= 0)).toBe(true);
            expect(back).toBeLessThanOrEqual(tax);
            // The share of the sum, half up, worked out in big integers: 2·tax·refunded + total over 2·total.
            const share = (2n * BigInt(tax) * BigInt(refunded) + BigInt(total)) / (2n * BigInt(total));
            expect(back).toBe(Number(share));
          });
        },
      ),
    );
  });
});
