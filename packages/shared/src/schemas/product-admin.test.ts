import { describe, expect, it } from "vitest";
import { firstProductFormProblem, productFormFieldsSchema } from "./product-admin.ts";

describe("firstProductFormProblem", () => {
  const good = { name: "Mango 9K", type: "Disposable", description: "Sweet.", categoryId: "c1" };

  it("says nothing about a complete form", () => {
    expect(firstProductFormProblem(good)).toBeNull();
  });

  it.each([
    [{ ...good, name: "   ", type: "", description: "", categoryId: "" }, "Product name is required"],
    [{ ...good, type: " ", description: "", categoryId: "" }, "Product type is required"],
    [{ ...good, description: "\n", categoryId: "" }, "Description is required"],
    [{ ...good, categoryId: "" }, "Please select a category"],
  ])("checks in the spec's order: %o gives %s", (values, message) => {
    expect(firstProductFormProblem(values)).toBe(message);
  });
});

describe("productFormFieldsSchema", () => {
  const base = { ProductName: " A ", ProductType: "Disposable", Description: "d", MasterCategoryId: "c" };

  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.99", 1299],
    ["0", 0],
    ["", null],
  ])("reads the price %s as %s cents", (price, cents) => {
    expect(productFormFieldsSchema.parse({ ...base, Price: price }).Price).toBe(cents);
  });

  it.each(["12,99", "-1", "1.999", "1e3", "abc", "12345678"])("refuses the price %s", (price) => {
    expect(productFormFieldsSchema.safeParse({ ...base, Price: price }).success).toBe(false);
  });

  it("trims text, reads checkboxes, and counts a missing Active as active", () => {
    const parsed = productFormFieldsSchema.parse({
      ...base,
      FeatureProduct: "on",
      DeliveryAvailable: "false",
      Brand: "  ",
    });
    expect(parsed).toMatchObject({
      ProductName: "A",
      FeatureProduct: true,
      DeliveryAvailable: false,
      Brand: null,
      Active: true,
    });
    expect(productFormFieldsSchema.parse({ ...base, Active: "false" }).Active).toBe(false);
  });
});
