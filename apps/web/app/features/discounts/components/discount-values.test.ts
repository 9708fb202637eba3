import type { Discount } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { discountFormValues, discountInputOf, discountResolver } from "./discount-values.ts";

const resolve = (values: ReturnType<typeof discountFormValues>) =>
  discountResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the discount form's values", () => {
  it("turns dollars into cents, empty limits into none, and sends only the chosen kind of goods", () => {
    const values = {
      ...discountFormValues(),
      code: "spring",
      kind: "fixed" as const,
      amount: "$5.50",
      minimum: "40",
      usageLimit: "100",
      appliesTo: "categories" as const,
      categoryIds: ["candy"],
      products: [{ id: "p1", name: "P", sku: "S" }],
    };
    expect(discountInputOf(values)).toMatchObject({
      code: "spring",
      kind: "fixed",
      value: 550,
      minSubtotalCents: 4000,
      usageLimit: 100,
      perBuyerLimit: null,
      categoryIds: ["candy"],
      productIds: [],
    });
  });

  it("reads a saved code back into the form (the round trip keeps it)", () => {
    const saved = {
      code: "TEN",
      description: "",
      kind: "percent",
      value: 10,
      minSubtotalCents: 2500,
      startsOn: "2026-12-01",
      endsOn: null,
      usageLimit: null,
      perBuyerLimit: 1,
      active: true,
      productIds: ["p1"],
      categoryIds: [],
      products: [{ id: "p1", name: "P", sku: "S" }],
    } as unknown as Discount;
    const values = discountFormValues(saved);
    expect(values).toMatchObject({ percent: "10", minimum: "25.00", appliesTo: "products", perBuyerLimit: "1" });
    expect(discountInputOf(values)).toMatchObject({ value: 10, minSubtotalCents: 2500, productIds: ["p1"] });
  });

  it("puts each problem beside its own field, in the form's words", async () => {
    const result = await resolve({
      ...discountFormValues(),
      code: "10% off",
      percent: "150",
      minimum: "ten",
      usageLimit: "0",
      appliesTo: "products",
    });
    expect(Object.keys(result.errors).sort()).toEqual(["code", "minimum", "percent", "products", "usageLimit"]);
    expect(result.errors.percent?.message).toBe("A percentage must be from 1 to 100.");
    expect(result.errors.minimum?.message).toBe("Please enter an amount in dollars, such as 5 or 4.99.");
    expect(result.errors.code?.message).toBe("Code may hold only letters, digits, '-' and '_'.");
    expect(result.errors.products?.message).toBe("Please add at least one product.");
  });

  it("gives the API's input for a good form", async () => {
    const result = await resolve({ ...discountFormValues(), code: " spring10 " });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ code: "SPRING10", kind: "percent", value: 10, minSubtotalCents: 0 });
  });
});
