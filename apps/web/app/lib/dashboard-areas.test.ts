import { describe, expect, it } from "vitest";
import { mayOpen, pageRefusal } from "./dashboard-areas.ts";

describe("the dashboard's pages by role", () => {
  it("Staff open orders, products, lab results, the blog and the inbox, and nothing of a Manager's or an Owner's", () => {
    for (const path of [
      "/dashboard",
      "/dashboard/orders",
      "/dashboard/orders/SH-1001",
      "/dashboard/products/p1/edit",
      "/dashboard/products/coas/add",
      "/dashboard/blog/new",
      "/dashboard/inbox/m1",
    ]) {
      expect(mayOpen("staff", path), path).toBe(true);
    }
    for (const path of [
      "/dashboard/orders/billing",
      "/dashboard/discounts/new",
      "/dashboard/settings",
      "/dashboard/settings/compliance/r1",
      "/dashboard/users/customers/u1",
      "/dashboard/reports/pact/2026-11/TX",
      "/dashboard/reports/excise",
      "/dashboard/reports/excise/2026-10/2026-11",
      "/dashboard/documents/templates/order_placed",
      "/dashboard/banner-list/add",
      "/dashboard/settings/audit-log",
      "/dashboard/users/staff",
    ]) {
      expect(mayOpen("staff", path), path).toBe(false);
    }
  });

  it("a Manager opens all but staff accounts and the audit log; an Owner opens everything", () => {
    expect(mayOpen("manager", "/dashboard/settings/compliance?stale=true")).toBe(true);
    expect(mayOpen("manager", "/dashboard/users/customers")).toBe(true);
    expect(mayOpen("manager", "/dashboard/settings/audit-log?kind=price")).toBe(false);
    expect(mayOpen("manager", "/dashboard/users/staff/")).toBe(false);
    expect(mayOpen("owner", "/dashboard/settings/audit-log")).toBe(true);
    expect(mayOpen("owner", "/dashboard/users/staff")).toBe(true);
  });

  it("a refused page is named, with the accounts it needs; the longest address decides", () => {
    expect(pageRefusal("staff", "/dashboard/settings/audit-log")).toEqual({ page: "Audit log", access: "owner" });
    expect(pageRefusal("staff", "/dashboard/settings/compliance/new")).toEqual({
      page: "Compliance rules",
      access: "manager",
    });
    expect(pageRefusal("staff", "/dashboard/documents/templates")).toEqual({
      page: "E-mail templates",
      access: "manager",
    });
    expect(pageRefusal("manager", "/dashboard/users/staff")).toEqual({ page: "Staff", access: "owner" });
    expect(pageRefusal("manager", "/dashboard/settings")).toBeNull();
    expect(pageRefusal("staff", "/dashboard/orders/SH-1")).toBeNull();
  });
});
