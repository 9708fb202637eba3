import { describe, expect, it } from "vitest";
import { isMilitaryAddress, isPoBox } from "./delivery-address.ts";

const at = (line1: string, city = "Austin", line2: string | null = null) => ({ line1, line2, city });

describe("addresses some goods may not ship to", () => {
  it("knows a PO box however it is written, on either line", () => {
    for (const line of ["PO Box 12", "P.O. Box 12", "p o box 7", "Post Office Box 3", "POB 44", "P. O. BOX 9"]) {
      expect(isPoBox(at(line)), line).toBe(true);
    }
    expect(isPoBox(at("12 Main St", "Austin", "PO Box 5"))).toBe(true);
  });

  it("does not take a street for a PO box", () => {
    for (const line of ["12 Post Office Rd", "400 Congress Ave", "9 Poboxen Way", "Box Elder St 4", "Suite 100"]) {
      expect(isPoBox(at(line)), line).toBe(false);
    }
  });

  it("knows APO, FPO and DPO addresses by their city or their unit line", () => {
    expect(isMilitaryAddress(at("PSC 1234, Box 5678", "APO"))).toBe(true);
    expect(isMilitaryAddress(at("USS Ship", "F.P.O."))).toBe(true);
    expect(isMilitaryAddress(at("Unit 8400 Box 20", "Anywhere"))).toBe(true);
    expect(isMilitaryAddress(at("CMR 450 Box 1", "dpo"))).toBe(true);
    expect(isMilitaryAddress(at("400 Congress Ave", "Austin"))).toBe(false);
    expect(isMilitaryAddress(at("12 Apopka Blvd", "Apopka"))).toBe(false);
    expect(isMilitaryAddress(at("Unit 4, 12 Main St", "Austin"))).toBe(false);
  });
});
