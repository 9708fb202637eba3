import { productFormFieldsSchema } from "@shop/shared";
import { PRODUCT_FORM_MESSAGES } from "@shop/shared/constants";
import { describe, expect, it } from "vitest";
import { schemaMessages } from "../../../lib/form-action.ts";
import { defaultsOf, productFields } from "./product-form.tsx";

/** What the form checks before sending: the API's own schema over the fields it sends. */
function check(values: Partial<ReturnType<typeof defaultsOf>>) {
  const checked = productFormFieldsSchema.safeParse(productFields({ ...defaultsOf(undefined), ...values }));
  return checked.success ? {} : schemaMessages(checked.error);
}

const filled = { ProductName: "Mango Ice", Description: "A vape.", MasterCategoryId: "cat_1" };

describe("the product form's check with the shared schema", () => {
  it("takes a new product's fields once the spec's four are filled: the form sends no field the API refuses", () => {
    expect(check(filled)).toEqual({});
  });

  it("gives the spec's message for each of its required fields, blank or spaces only", () => {
    expect(check({})).toMatchObject({
      ProductName: PRODUCT_FORM_MESSAGES.name,
      Description: PRODUCT_FORM_MESSAGES.description,
      MasterCategoryId: PRODUCT_FORM_MESSAGES.category,
    });
    expect(check({ ...filled, ProductType: "   " })).toEqual({ ProductType: PRODUCT_FORM_MESSAGES.type });
  });

  it("refuses what the API refuses in the other fields, with its words", () => {
    const messages = check({ ...filled, Price: "12.345", Stock: "-1" });
    expect(Object.keys(messages).sort()).toEqual(["Price", "Stock"]);
  });

  it("starts a new product with the suggested classes and sends the chosen ones as a comma list", () => {
    expect(defaultsOf(undefined).RegulatoryClasses).toEqual(["ENDS"]);
    expect(productFields({ ...defaultsOf(undefined), RegulatoryClasses: ["NICOTINE", "ENDS"] }).RegulatoryClasses).toBe(
      "ENDS,NICOTINE",
    );
  });

  it("refuses no class, or General with another, on the group", () => {
    expect(check({ ...filled, RegulatoryClasses: [] })).toEqual({
      RegulatoryClasses: "Please choose at least one regulatory class (General when none of the others applies).",
    });
    expect(Object.keys(check({ ...filled, RegulatoryClasses: ["GENERAL", "KRATOM"] }))).toEqual(["RegulatoryClasses"]);
  });
});
