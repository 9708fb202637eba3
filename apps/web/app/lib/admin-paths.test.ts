import { describe, expect, it } from "vitest";
import {
  bannerPath,
  blogPostPath,
  customerPath,
  discountPath,
  documentPath,
  inboxMessagePath,
  orderPath,
  productEditPath,
  rulePath,
  variantStockPath,
} from "./admin-paths.ts";

// That each leads to a page the route table declares is checked by the compiler: they are written with href().
describe("the dashboard's record addresses", () => {
  it("lead to each record's page", () => {
    expect(orderPath("LC-10042")).toBe("/dashboard/orders/LC-10042");
    expect(customerPath("c1")).toBe("/dashboard/users/customers/c1");
    expect(productEditPath("p1")).toBe("/dashboard/products/p1/edit");
    expect(bannerPath("b1")).toBe("/dashboard/banner-list/b1");
    expect(discountPath("d1")).toBe("/dashboard/discounts/d1");
    expect(rulePath("r1")).toBe("/dashboard/settings/compliance/r1");
    expect(documentPath("f1")).toBe("/dashboard/documents/f1");
    expect(inboxMessagePath("m1")).toBe("/dashboard/inbox/m1");
    expect(blogPostPath("p1")).toBe("/dashboard/blog/p1");
  });

  it("lead to a variant's Stock panel on its product's page, the own variant's without naming it", () => {
    expect(variantStockPath("p1", "p1")).toBe("/dashboard/products/p1/edit#stock");
    expect(variantStockPath("p1", "v/2")).toBe("/dashboard/products/p1/edit?variant=v%2F2#stock");
  });

  it("encode the part they are given, so that it stays one segment", () => {
    expect(orderPath("A/B?c#d")).toBe("/dashboard/orders/A%2FB%3Fc%23d");
    expect(productEditPath("x y")).toBe("/dashboard/products/x%20y/edit");
  });
});
