import { describe, expect, it } from "vitest";
import { changedRows, fieldLabel, valueText } from "./audit-values.ts";

describe("the audit log's words", () => {
  it("names fields as people read them", () => {
    expect(fieldLabel("SellingPricePCS")).toBe("Selling price PCS");
    expect(fieldLabel("shippingFlatFeeCents")).toBe("Shipping flat fee");
    expect(fieldLabel("min_age")).toBe("Min age");
    expect(fieldLabel("status")).toBe("Status");
  });

  it("shows amounts in dollars, yes and no, and nothing as (empty)", () => {
    expect(valueText("shippingFlatFeeCents", 799)).toBe("$7.99");
    expect(valueText("Active", "true")).toBe("Yes");
    expect(valueText("disabled", false)).toBe("No");
    expect(valueText("Brand", "")).toBe("(empty)");
    expect(valueText("salesTaxBasisPoints", { TX: 625 })).toBe('{ "TX": 625 }');
  });

  it("lists each field once with both sides; a created thing has no before", () => {
    expect(changedRows({ Price: "19.99" }, { Price: "17.49" })).toEqual([
      { key: "Price", label: "Price", before: "19.99", after: "17.49" },
    ]);
    expect(changedRows(null, { note: "Hi" })).toEqual([{ key: "note", label: "Note", before: null, after: "Hi" }]);
  });
});
