import { describe, expect, it } from "vitest";
import { matchesSearch, productSearchText, searchTerms, searchWords } from "./search.ts";

const product = (description: string, name = "Test product") => ({
  name,
  brand: null,
  flavour: null,
  strainName: null,
  description,
});
/** Whether `query` finds a product described as `description`. */
const finds = (query: string, description: string) =>
  matchesSearch(productSearchText(product(description)), searchTerms(query));

describe("searchTerms", () => {
  it.each([
    [
      "Watermelon Ice",
      [
        { words: ["watermelon"], prefix: true },
        { words: ["ice"], prefix: true },
      ],
    ],
    [
      "  crème   BRÛLÉE ",
      [
        { words: ["creme"], prefix: true },
        { words: ["brulee"], prefix: true },
      ],
    ],
    ["gummies", [{ words: ["gummi"], prefix: true }]],
    ["gummy", [{ words: ["gummi", "gummy"], prefix: true }]],
    [
      "7-OH 15mg",
      [
        { words: ["7"], prefix: false },
        { words: ["oh"], prefix: true },
        { words: ["15"], prefix: false },
        { words: ["mg"], prefix: true },
      ],
    ],
    [
      "25,000 puffs!",
      [
        { words: ["25"], prefix: false },
        { words: ["000"], prefix: false },
        { words: ["puff"], prefix: true },
      ],
    ],
    [
      '"; drop table products; --',
      [
        { words: ["drop"], prefix: true },
        { words: ["table"], prefix: true },
        { words: ["product"], prefix: true },
      ],
    ],
    ["ice ice ICE", [{ words: ["ice"], prefix: true }]],
    ["flavor flavors", [{ words: ["flavor"], prefix: true }]],
    ["", []],
    ["***", []],
  ])("reads %j as %j", (query, terms) => {
    expect(searchTerms(query)).toEqual(terms);
  });

  it("leaves out one-letter words, so that they do not match nearly everything", () => {
    expect(searchTerms("a")).toEqual([]);
    expect(searchTerms("x y z")).toEqual([]);
    expect(searchTerms("usb-c")).toEqual([{ words: ["usb"], prefix: true }]);
    expect(searchTerms("a gummy")).toEqual([{ words: ["gummi", "gummy"], prefix: true }]);
  });

  it("keeps numbers of one digit, matched whole", () => {
    expect(searchTerms("5%")).toEqual([{ words: ["5"], prefix: false }]);
  });

  it("keeps at most 8 terms of at most 40 characters", () => {
    expect(searchTerms("aa bb cc dd ee ff gg hh ii jj")).toHaveLength(8);
    expect(searchTerms("x".repeat(100))[0]?.words[0]).toHaveLength(40);
  });
});

describe("matchesSearch", () => {
  it.each([
    ["gummy", "Sour gummies, 20 ct"],
    ["gummies", "One chewy gummy"],
    ["flavors", "Bold flavor"],
    ["flavor", "Six flavors"],
    ["disposables", "A disposable vape"],
    ["disposable", "Compact disposables"],
    ["berries", "Mixed berry"],
    ["boxes", "Sold by the box"],
    ["kra", "Red Bali kratom"],
    ["gumm", "Sour gummies"],
    ["gummie", "Sour gummies"],
    ["flavor", "Flavored syrup"],
    ["5%", "Nicotine 5% by weight"],
    ["15 mg", "Each tablet holds 15mg"],
    ["15mg", "Each tablet holds 15 mg"],
    ["25k", "Nimbrix Pro 25K"],
    ["gummy", "Gummybear bites"],
  ])("%j finds %j", (query, description) => {
    expect(finds(query, description)).toBe(true);
  });

  it.each([
    ["5", "Nicotine 50 mg"],
    ["5", "A 500 mAh battery"],
    ["250", "25 ct"],
    ["kratom", "Kava root"],
    ["watermelon mint", "Watermelon ice"],
  ])("%j does not find %j", (query, description) => {
    expect(finds(query, description)).toBe(false);
  });

  it("finds nothing for a query without terms (the service answers no products for it)", () => {
    expect(searchTerms("a")).toEqual([]);
  });
});

describe("productSearchText", () => {
  it("joins the searchable fields into stemmed words, once each", () => {
    expect(
      productSearchText({
        name: "Nimbrix Pro 25K – Watermelon Ice",
        brand: "Nimbrix",
        flavour: "Watermelon Ice",
        strainName: null,
        description: "Juicy, chilled & sweet gummies. USB-C.",
      }),
    ).toBe("nimbrix pro 25 watermelon ice juici chilled sweet gummi usb");
  });
});

describe("searchWords", () => {
  it.each([
    ["Velvet Cherry", ["velvet", "cherry"]],
    ["VCS-2609", ["vcs", "2609"]],
    ["GFK-GML-2610A", ["gfk", "gml", "2610"]],
    ["a b", []],
    ["--", []],
  ])("reads %j as the plain words %j", (query, words) => {
    expect(searchWords(query)).toEqual(words);
  });
});
