import { describe, expect, it } from "vitest";
import { stemWord } from "./stem.ts";

describe("stemWord", () => {
  it.each([
    ["gummy", "gummies"],
    ["flavor", "flavors"],
    ["disposable", "disposables"],
    ["berry", "berries"],
    ["candy", "candies"],
    ["cookie", "cookies"],
    ["box", "boxes"],
    ["match", "matches"],
    ["flash", "flashes"],
    ["glass", "glasses"],
    ["size", "sizes"],
    ["mango", "mangoes"],
    ["shoe", "shoes"],
    ["tablet", "tablets"],
    ["vape", "vapes"],
    ["tie", "ties"],
  ])("gives %j and %j one stem", (singular, plural) => {
    expect(stemWord(plural)).toBe(stemWord(singular));
  });

  it.each([
    ["gummies", "gummi"],
    ["flavors", "flavor"],
    ["disposables", "disposable"],
    ["glasses", "glass"],
    ["mangoes", "mango"],
  ])("stems %j to %j", (word, stem) => {
    expect(stemWord(word)).toBe(stem);
  });

  it.each(["glass", "citrus", "cannabis", "plus", "kratom", "key", "honey", "flavored", "gas", "dry", "oz"])(
    "leaves %j alone",
    (word) => {
      expect(stemWord(word)).toBe(word);
    },
  );

  it("leaves numbers and words with other characters alone", () => {
    expect(stemWord("2500")).toBe("2500");
    expect(stemWord("Gummies")).toBe("Gummies");
  });

  it.each(["gummies", "berries", "disposables", "flavors", "glasses", "boxes", "mangoes", "matches", "cookies"])(
    "keeps typing %j in progress working: the stem of each beginning begins the stem of the word",
    (word) => {
      for (let length = 1; length <= word.length; length++) {
        const typed = word.slice(0, length);
        expect(stemWord(word).startsWith(stemWord(typed)), typed).toBe(true);
      }
    },
  );
});
