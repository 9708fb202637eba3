import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../routes.ts";
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
} from "./admin-paths.ts";

/** Every page's path pattern in the route table, its parents' segments included ("dashboard/orders/:number"). */
function patterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [...(entry.path ? [path] : []), ...patterns(entry.children ?? [], path)];
  });
}

/** Whether an address is one the route table declares a page for, a parameter standing for one segment. */
function declared(address: string): boolean {
  const segments = address.slice(1).split("/");
  return patterns(routes).some((pattern) => {
    const parts = pattern.split("/");
    return parts.length === segments.length && parts.every((part, i) => part.startsWith(":") || part === segments[i]);
  });
}

describe("the dashboard's record addresses", () => {
  const addresses = {
    order: [orderPath("LC-10042"), "/dashboard/orders/LC-10042"],
    customer: [customerPath("c1"), "/dashboard/users/customers/c1"],
    product: [productEditPath("p1"), "/dashboard/products/p1/edit"],
    banner: [bannerPath("b1"), "/dashboard/banner-list/b1"],
    discount: [discountPath("d1"), "/dashboard/discounts/d1"],
    rule: [rulePath("r1"), "/dashboard/settings/compliance/r1"],
    document: [documentPath("f1"), "/dashboard/documents/f1"],
    message: [inboxMessagePath("m1"), "/dashboard/inbox/m1"],
    post: [blogPostPath("p1"), "/dashboard/blog/p1"],
  };

  it.each(Object.entries(addresses))(
    "lead to the %s's page, which the route table declares",
    (_, [built, expected]) => {
      expect(built).toBe(expected);
      expect(declared(built as string)).toBe(true);
    },
  );

  it("finds no page for an address the route table does not declare", () => {
    expect(declared("/dashboard/inbox/m1/extra")).toBe(false);
    expect(declared("/dashboard/nowhere/x")).toBe(false);
  });

  it("encode the part they are given, so that it stays one segment", () => {
    expect(orderPath("A/B?c#d")).toBe("/dashboard/orders/A%2FB%3Fc%23d");
    expect(productEditPath("x y")).toBe("/dashboard/products/x%20y/edit");
  });
});
