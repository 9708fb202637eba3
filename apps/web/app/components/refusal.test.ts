import { describe, expect, it } from "vitest";
import { cartRefusalWords, lineAgeWords, lineRefusals, type QuoteAges, type QuoteCompliance } from "./refusal.tsx";

const allowed = (minAge: number | null = null) => ({ allowed: true, reason: null, sourceUrl: null, minAge });
const kratomBan = {
  allowed: false,
  reason: "Kratom is not sold to Alabama.",
  sourceUrl: "https://www.alabamapublichealth.gov/",
  minAge: null,
};
const verdicts = (lines: QuoteCompliance["lines"]): QuoteCompliance => ({ lines, minAge: 21, requirements: [] });

describe("lineRefusals: the server's verdicts in words, by line", () => {
  it("marks a banned line with the rule's reason and source, and nothing beside an allowed one", () => {
    expect(lineRefusals(verdicts([allowed(21), kratomBan]), 2)).toEqual([
      undefined,
      { text: "Kratom is not sold to Alabama.", sourceUrl: "https://www.alabamapublichealth.gov/" },
    ]);
  });

  it("marks nothing without verdicts (no state yet) or for lines the answer does not cover", () => {
    expect(lineRefusals(null, 2)).toEqual([undefined, undefined]);
    expect(lineRefusals(undefined, 1)).toEqual([undefined]);
    expect(lineRefusals(verdicts([kratomBan]), 2)[1]).toBeUndefined();
  });
});

// The cart states the age of each line, and marks those a buyer is too young for (decision 079).
const ages = (purchaseMinAge: number, lines: QuoteAges["lines"]): QuoteAges => ({ purchaseMinAge, lines });

describe("lineAgeWords: each line's age in words, by line", () => {
  it("marks exactly the lines a signed-in buyer is too young for", () => {
    const answer = ages(18, [
      { minAge: 21, tooYoung: true },
      { minAge: 18, tooYoung: false },
    ]);
    expect(lineAgeWords(answer, 2)).toEqual([
      { refusal: { text: "You must be 21 or older to buy this.", sourceUrl: null } },
      {},
    ]);
  });

  it("states the age of a line that asks more than the shop's for a buyer not known, and nothing else", () => {
    const answer = ages(18, [
      { minAge: 21, tooYoung: null },
      { minAge: 18, tooYoung: null },
    ]);
    expect(lineAgeWords(answer, 2)).toEqual([{ note: "You must be 21 or older to buy this." }, {}]);
    expect(lineAgeWords(null, 1)).toEqual([{}]);
  });
});

describe("cartRefusalWords: why the cart cannot go on, for its summary", () => {
  it("says the shop's age when the buyer is under it", () => {
    const answer = ages(21, [
      { minAge: 21, tooYoung: true },
      { minAge: 21, tooYoung: true },
    ]);
    expect(
      cartRefusalWords(
        [
          { ban: false, young: true },
          { ban: false, young: true },
        ],
        answer,
      ),
    ).toBe("You must be 21 or older to buy from this shop.");
  });

  it("counts the lines refused, and says why", () => {
    const answer = ages(18, [
      { minAge: 21, tooYoung: true },
      { minAge: 18, tooYoung: false },
    ]);
    expect(
      cartRefusalWords(
        [
          { ban: false, young: true },
          { ban: false, young: false },
        ],
        answer,
      ),
    ).toBe("1 product in your cart is sold only to buyers older than you. Please remove it to check out.");
    expect(
      cartRefusalWords(
        [
          { ban: true, young: false },
          { ban: true, young: false },
        ],
        null,
      ),
    ).toBe("2 products in your cart cannot be shipped to your state. Please remove them to check out.");
    expect(
      cartRefusalWords(
        [
          { ban: true, young: false },
          { ban: false, young: true },
        ],
        answer,
      ),
    ).toBe("2 products in your cart cannot be ordered, as said under each. Please remove them to check out.");
    expect(cartRefusalWords([{ ban: false, young: false }], answer)).toBeNull();
  });
});
