import { describe, expect, it } from "vitest";
import { productSearchText, searchWords } from "./search.ts";

describe("searchWords", () => {
  it.each([
    ["Watermelon Ice", ["watermelon", "ice"]],
    ["  crème   BRÛLÉE ", ["creme", "brulee"]],
    ["7-OH 15mg", ["7", "oh", "15mg"]],
    ["25,000 puffs!", ["25", "000", "puffs"]],
    ['"; drop table products; --', ["drop", "table", "products"]],
    ["ice ice ICE", ["ice"]],
    ["", []],
    ["***", []],
  ])("reads %j as %j", (query, words) => {
    expect(searchWords(query)).toEqual(words);
  });

  it("keeps at most 8 words of at most 40 characters", () => {
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWords("x".repeat(100))[0]).toHaveLength(40);
  });
});

describe("productSearchText", () => {
  it("joins the searchable fields into plain words", () => {
    expect(
      productSearchText({
        name: "Nimbrix Pro 25K – Watermelon Ice",
        brand: "Nimbrix",
        flavour: "Watermelon Ice",
        strainName: null,
        description: "Juicy, chilled & sweet.",
      }),
    ).toBe("nimbrix pro 25k watermelon ice nimbrix watermelon ice juicy chilled sweet");
  });
});
