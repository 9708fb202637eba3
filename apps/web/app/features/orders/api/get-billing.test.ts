import { describe, expect, it } from "vitest";
import { billingCsvUrl, billingSearch } from "./get-billing.ts";

describe("billing's addresses", () => {
  it("carry only what differs from the defaults", () => {
    expect(billingSearch({ view: "invoices", sort: "newest", page: 1 })).toBe("");
    expect(billingSearch({ view: "payments", kind: "refund", q: "hale", sort: "amount_desc", page: 3 })).toBe(
      "view=payments&kind=refund&q=hale&sort=amount_desc&page=3",
    );
  });

  it("export every page of what is filtered: the CSV's address has the filters and no page", () => {
    expect(
      billingCsvUrl({ status: "paid", method: "Bank transfer", from: "2026-03-01", to: "2026-03-31", page: 4 }),
    ).toBe("/api/admin/billing.csv?status=paid&method=Bank+transfer&from=2026-03-01&to=2026-03-31");
    expect(billingCsvUrl({ view: "invoices", page: 1 })).toBe("/api/admin/billing.csv");
  });
});
