import { describe, expect, it } from "vitest";
import { asksBeforeLeaving, firstUnsaved, LEAVE_UNASKED, leaveQuestion } from "./unsaved-changes.ts";

const product = { pathname: "/dashboard/products/7", search: "" };
const changed = [{ unsaved: true, what: "this product" }];
const clean = [{ unsaved: false, what: "this product" }];

describe("asksBeforeLeaving", () => {
  it("asks when a form has unsaved changes and the page would change", () => {
    expect(asksBeforeLeaving(changed, product, { pathname: "/dashboard/orders", search: "" })).toBe(true);
    expect(asksBeforeLeaving(changed, product, { ...product, search: "?tab=stock" })).toBe(true);
  });

  it("does not ask with no changes, no form, or a form being saved", () => {
    expect(asksBeforeLeaving(clean, product, { pathname: "/dashboard/orders", search: "" })).toBe(false);
    expect(asksBeforeLeaving([], product, { pathname: "/dashboard/orders", search: "" })).toBe(false);
  });

  it("does not ask when the page stays (an anchor on the same page)", () => {
    expect(asksBeforeLeaving(changed, product, { ...product })).toBe(false);
  });

  it("does not ask when the link leaves on purpose (a form's Cancel)", () => {
    const list = { pathname: "/dashboard/products", search: "", state: LEAVE_UNASKED };
    expect(asksBeforeLeaving(changed, product, list)).toBe(false);
    expect(asksBeforeLeaving(changed, product, { ...list, state: { leaveUnasked: "yes" } })).toBe(true);
    expect(asksBeforeLeaving(changed, product, { ...list, state: null })).toBe(true);
  });
});

describe("firstUnsaved and leaveQuestion", () => {
  it("name the first form with changes", () => {
    const forms = [...clean, { unsaved: true, what: "the shipment" }, { unsaved: true, what: "this refund" }];
    expect(firstUnsaved(forms)?.what).toBe("the shipment");
    expect(firstUnsaved(clean)).toBeNull();
    expect(leaveQuestion("the shipment")).toEqual({
      title: "Leave without saving?",
      body: "Your changes to the shipment will be lost.",
      stay: "Stay",
      leave: "Leave",
    });
  });
});
