import { describe, expect, it } from "vitest";
import { addressRequirementProblem } from "./address-requirements.ts";

describe("addressRequirementProblem (a PO box is refused as soon as it is typed)", () => {
  const street = { line1: "12 Elm Street", city: "Austin" };

  it("refuses a PO box on either line when the order's rules refuse PO boxes", () => {
    expect(addressRequirementProblem(["no_po_box"], { ...street, line1: "P.O. Box 1432" })).toBe(
      "Is a PO box: the law asks for a street address where an adult signs for this order. Please enter a street address.",
    );
    expect(addressRequirementProblem(["adult_signature_21", "no_po_box"], { ...street, line2: "PO Box 7" })).toMatch(
      /^Is a PO box: /,
    );
  });

  it("refuses an APO, FPO or DPO address when the rules refuse those", () => {
    expect(addressRequirementProblem(["no_military_address"], { line1: "Unit 2050 Box 4190", city: "APO" })).toMatch(
      /^Is an APO, FPO or DPO address: /,
    );
  });

  it("says nothing of a street address, of an order whose rules allow PO boxes, or before the rules are known", () => {
    expect(addressRequirementProblem(["no_po_box", "no_military_address"], street)).toBeUndefined();
    expect(addressRequirementProblem(["adult_signature_21"], { ...street, line1: "PO Box 77" })).toBeUndefined();
    expect(addressRequirementProblem(undefined, { ...street, line1: "PO Box 77" })).toBeUndefined();
    expect(addressRequirementProblem(["no_po_box"], {})).toBeUndefined();
  });
});
