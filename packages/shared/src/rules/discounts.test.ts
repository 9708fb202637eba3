import { describe, expect, it } from "vitest";
import { type DiscountTerms, discountCents, discountRefusal, eligibleSubtotalCents } from "./discounts.ts";

const terms: DiscountTerms = {
  code: "SAVE10",
  kind: "percent",
  value: 10,
  minSubtotalCents: 0,
  startsOn: null,
  endsOn: null,
  usageLimit: null,
  perBuyerLimit: null,
  usedCount: 0,
  active: true,
  productIds: [],
  categoryIds: [],
};
const lines = [
  { productId: "p1", categoryId: "kratom", lineTotalCents: 3000 },
  { productId: "p2", categoryId: "candy", lineTotalCents: 1005 },
];
const today = "2026-11-24";

describe("discountRefusal", () => {
  it("lets a code with no bounds be used on any cart", () => {
    expect(discountRefusal(" save10 ", terms, lines, today, 0)).toBeNull();
  });

  it.each([
    ["unknown", null, "There is no discount code “SAVE10”. Please check how it is spelt."],
    ["off", { ...terms, active: false }, "The code “SAVE10” is no longer active."],
    ["not started", { ...terms, startsOn: "2026-12-01" }, "The code “SAVE10” can be used from December 1, 2026."],
    ["expired", { ...terms, endsOn: "2026-11-23" }, "The code “SAVE10” expired on November 23, 2026."],
    [
      "used up",
      { ...terms, usageLimit: 3, usedCount: 3 },
      "The code “SAVE10” has been used as many times as it may be.",
    ],
    [
      "not eligible",
      { ...terms, categoryIds: ["charger"] },
      "The code “SAVE10” does not apply to anything in your cart.",
    ],
    [
      "below the minimum",
      { ...terms, categoryIds: ["candy"], minSubtotalCents: 2000 },
      "The code “SAVE10” needs $20.00 of the goods it applies to; your cart has $10.05.",
    ],
  ])("refuses a code %s in words", (_name, given, words) => {
    expect(discountRefusal("save10", given, lines, today, 0)).toBe(words);
  });

  it("counts the first and last day as inside, and the buyer's limit only when the buyer is known", () => {
    expect(discountRefusal("SAVE10", { ...terms, startsOn: today, endsOn: today }, lines, today)).toBeNull();
    const once = { ...terms, perBuyerLimit: 1 };
    expect(discountRefusal("SAVE10", once, lines, today, 1)).toBe("You have already used the code “SAVE10”.");
    expect(discountRefusal("SAVE10", once, lines, today, null)).toBeNull();
  });
});

describe("discountCents", () => {
  it("takes a percentage of the eligible lines only, rounded half up", () => {
    expect(eligibleSubtotalCents({ productIds: ["p2"], categoryIds: [] }, lines)).toBe(1005);
    expect(discountCents({ ...terms, productIds: ["p2"] }, lines)).toBe(101); // 100.5
    expect(discountCents(terms, lines)).toBe(401); // 400.5
  });

  it("takes a fixed sum up to the eligible goods", () => {
    expect(discountCents({ ...terms, kind: "fixed", value: 500, categoryIds: ["candy"] }, lines)).toBe(500);
    expect(discountCents({ ...terms, kind: "fixed", value: 5000, categoryIds: ["candy"] }, lines)).toBe(1005);
  });
});
