import { describe, expect, it } from "vitest";
import { CODE_UNCHECKED, codeProblem, codeState, codeToPlace } from "./discount-code-values.ts";

describe("codeProblem", () => {
  it("takes a code in any case with stray spaces, and says what is wrong with one that cannot be a code", () => {
    expect(codeProblem(" spring-10 ")).toBeNull();
    expect(codeProblem("   ")).toBe("Please enter a code.");
    expect(codeProblem("10% OFF")).toBe("A code has only letters, digits, '-' and '_'.");
    expect(codeProblem("A".repeat(31))).toBe("A code is at most 30 characters.");
  });
});

describe("codeState", () => {
  const quote = (code: string, refusal: string | null, discountCents: number) => ({
    discount: { code, refusal },
    discountCents,
  });

  it("is pending until the quote answers for this code, then applied with the saving or refused with why", () => {
    expect(codeState(null, quote("A", null, 100))).toEqual({ kind: "none" });
    expect(codeState("save10", undefined)).toEqual({ kind: "pending", code: "SAVE10" });
    expect(codeState("save10", quote("OTHER", null, 100))).toEqual({ kind: "pending", code: "SAVE10" });
    expect(codeState("save10", quote("SAVE10", null, 250))).toEqual({
      kind: "applied",
      code: "SAVE10",
      savedCents: 250,
    });
    expect(codeState("save10", quote("SAVE10", "It expired.", 0))).toEqual({
      kind: "refused",
      code: "SAVE10",
      refusal: "It expired.",
    });
    expect(codeState("save10", undefined, true)).toEqual({ kind: "refused", code: "SAVE10", refusal: CODE_UNCHECKED });
  });

  it("places an order with an applied code only", () => {
    expect(codeToPlace({ kind: "applied", code: "SAVE10", savedCents: 1 })).toBe("SAVE10");
    expect(codeToPlace({ kind: "refused", code: "SAVE10", refusal: "No." })).toBeUndefined();
    expect(codeToPlace({ kind: "pending", code: "SAVE10" })).toBeUndefined();
  });
});
