import { describe, expect, it } from "vitest";
import { productFormFieldsSchema } from "./product-admin.ts";

describe("productFormFieldsSchema: the spec's required fields", () => {
  const good = { ProductName: "Mango 9K", ProductType: "Disposable", Description: "Sweet.", MasterCategoryId: "c1" };

  it.each([
    ["ProductName", "   ", "Product name is required"],
    ["ProductType", " ", "Product type is required"],
    ["Description", "\n", "Description is required"],
    ["MasterCategoryId", "", "Please select a category"],
  ])("refuses a blank %s (%j) with the spec's words: %s", (name, value, message) => {
    const checked = productFormFieldsSchema.safeParse({ ...good, [name]: value });
    expect(checked.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[name, message]]);
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
