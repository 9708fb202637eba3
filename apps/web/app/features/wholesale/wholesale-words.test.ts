import { describe, expect, it } from "vitest";
import { documentTitle, stateName, termsWords } from "./wholesale-words.ts";

describe("the wholesale pages' words", () => {
  it("says an account's terms, or that it pays as it orders", () => {
    expect(termsWords(30)).toBe("net 30 (each invoice is due 30 days after its order)");
    expect(termsWords(null)).toBe("none (each order is paid as it is placed)");
  });

  it("names a document by its kind and state, and a state by its name (an unknown code as it is)", () => {
    expect(documentTitle({ kind: "resale_certificate", state: "TX" })).toBe("Resale certificate · Texas");
    expect(documentTitle({ kind: "licence", state: "ME" })).toBe("Tobacco or vapor retail licence · Maine");
    expect(stateName("ZZ")).toBe("ZZ");
  });
});
