import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SHIPPING_RULES, type PriceContext, type PriceLine, percentOfCents, price, totalsOf } from "./price.ts";

const SHIP: PriceContext = {
  fulfilment: "ship",
  shipping: DEFAULT_SHIPPING_RULES,
  salesTax: null,
  discount: null,
  excise: null,
};
const line = (unitPriceCents: number, quantity = 1, productId = "p1"): PriceLine => ({
  productId,
  categoryId: "c1",
  unitPriceCents,
  quantity,
});

describe("percentOfCents", () => {
  it.each([
    [10000, 625, 625],
    [1999, 625, 125], // 124.9375 rounds to 125
    [1, 625, 0],
    [8, 625, 1], // 0.5 rounds up
    [5000, 0, 0],
  ])("%i cents at %i basis points is %i cents", (basis, rate, cents) => {
    expect(percentOfCents(basis, rate)).toBe(cents);
  });
});

describe("price", () => {
  it("adds the shipping rule and the tax on the goods, each an adjustment saying where it came from", () => {
    const priced = price([line(1999, 2)], { ...SHIP, salesTax: { state: "TX", basisPoints: 825 } });
    expect(priced.lines[0]?.lineTotalCents).toBe(3998);
    expect(priced.adjustments).toEqual([
      {
        kind: "shipping",
        line: null,
        label: "Shipping",
        amountCents: 1000,
        basisCents: 3998,
        rateBasisPoints: null,
        source: "setting:shipping",
        excise: null,
      },
      {
        kind: "sales_tax",
        line: null,
        label: "Sales tax",
        amountCents: 330,
        basisCents: 3998,
        rateBasisPoints: 825,
        source: "setting:salesTaxBasisPoints.TX",
        excise: null,
      },
    ]);
    expect(priced.totals).toEqual({
      subtotalCents: 3998,
      discountCents: 0,
      shippingCents: 1000,
      taxCents: 330,
      exciseCents: 0,
      feesCents: 0,
      totalCents: 5328,
    });
  });

  it("ships free over the threshold, charges no shipping for a pickup and no tax before the state is known", () => {
    expect(price([line(10001)], SHIP).totals).toMatchObject({ shippingCents: 0, taxCents: 0, totalCents: 10001 });
    const pickup = price([line(500)], { ...SHIP, fulfilment: "pickup" });
    expect(pickup.adjustments).toEqual([
      expect.objectContaining({ kind: "shipping", label: "Pickup in store", amountCents: 0, source: "pickup" }),
    ]);
  });

  it("takes the discount off the goods before tax, and decides free shipping on the goods after it", () => {
    const priced = price([line(11000)], {
      ...SHIP,
      salesTax: { state: "NV", basisPoints: 1000 },
      discount: { code: "SAVE20", terms: { kind: "fixed", value: 2000, productIds: [], categoryIds: [] } },
    });
    expect(priced.adjustments[0]).toEqual({
      kind: "discount",
      line: null,
      label: "Discount (SAVE20)",
      amountCents: -2000,
      basisCents: 11000,
      rateBasisPoints: null,
      source: "discount:SAVE20",
      excise: null,
    });
    expect(priced.totals).toMatchObject({
      subtotalCents: 11000,
      discountCents: 2000,
      shippingCents: 1000,
      taxCents: 900,
      totalCents: 9000 + 1000 + 900,
    });
  });

  it("takes a percentage off only the goods a code applies to, and never more than them", () => {
    const percent = price([line(1000, 1, "p1"), line(3000, 1, "p2")], {
      ...SHIP,
      discount: { code: "P2", terms: { kind: "percent", value: 15, productIds: ["p2"], categoryIds: [] } },
    });
    expect(percent.adjustments[0]).toMatchObject({ amountCents: -450, basisCents: 3000, rateBasisPoints: 1500 });
    const fixed = price([line(500)], {
      ...SHIP,
      discount: { code: "BIG", terms: { kind: "fixed", value: 900, productIds: [], categoryIds: [] } },
    });
    expect(fixed.totals).toMatchObject({ discountCents: 500, totalCents: DEFAULT_SHIPPING_RULES.flatFeeCents });
  });

  it("prices an empty cart at nothing", () => {
    expect(price([], { ...SHIP, salesTax: { state: "NV", basisPoints: 685 } })).toEqual({
      lines: [],
      adjustments: [],
      totals: totalsOf([], []),
      refusals: [],
    });
  });
});

const cents = fc.integer({ min: 0, max: 50_000 });
const lines = fc.array(
  fc.record({
    productId: fc.constantFrom("p1", "p2", "p3"),
    categoryId: fc.constantFrom("c1", "c2"),
    unitPriceCents: cents,
    quantity: fc.integer({ min: 1, max: 50 }),
  }),
  { maxLength: 6 },
);
const context: fc.Arbitrary<PriceContext> = fc.record({
  excise: fc.constant(null),
  fulfilment: fc.constantFrom("ship" as const, "pickup" as const),
  shipping: fc.record({ flatFeeCents: cents, freeOverCents: cents }),
  salesTax: fc.option(
    fc.record({ state: fc.constantFrom("NV", "TX"), basisPoints: fc.integer({ min: 0, max: 1500 }) }),
  ),
  discount: fc.option(
    fc.record({
      code: fc.constant("CODE"),
      terms: fc.oneof(
        fc.record({
          kind: fc.constant("percent" as const),
          value: fc.integer({ min: 1, max: 100 }),
          productIds: fc.subarray(["p1", "p2"]),
          categoryIds: fc.subarray(["c2"]),
        }),
        fc.record({
          kind: fc.constant("fixed" as const),
          value: fc.integer({ min: 1, max: 100_000 }),
          productIds: fc.subarray(["p1", "p2"]),
          categoryIds: fc.subarray(["c2"]),
        }),
      ),
    }),
  ),
});

describe("price, for any cart", () => {
  it("totals the lines and the adjustments, and never comes to less than nothing", () => {
    fc.assert(
      fc.property(lines, context, (items, at) => {
        const { lines: priced, adjustments, totals } = price(items, at);
        const sum = priced.reduce((total, item) => total + item.lineTotalCents, 0);
        expect(totals.totalCents).toBe(adjustments.reduce((total, adjustment) => total + adjustment.amountCents, sum));
        expect(totals).toEqual(totalsOf(priced, adjustments));
        expect(totals.totalCents).toBeGreaterThanOrEqual(0);
        expect(totals.subtotalCents - totals.discountCents).toBeGreaterThanOrEqual(0);
        for (const adjustment of adjustments) {
          expect(Number.isInteger(adjustment.amountCents)).toBe(true);
          expect(adjustment.amountCents < 0).toBe(adjustment.kind === "discount");
        }
      }),
    );
  });

  it("holds the spec's shipping rule exactly: $10.00, free when the goods after the discount are over $100.00", () => {
    fc.assert(
      fc.property(lines, context, (items, at) => {
        const spec = { ...at, fulfilment: "ship" as const, shipping: DEFAULT_SHIPPING_RULES };
        const { totals } = price(items, spec);
        const goods = totals.subtotalCents - totals.discountCents;
        const expected = items.length === 0 || goods > 10_000 ? 0 : 1000;
        expect(totals.shippingCents).toBe(expected);
      }),
    );
  });
});
