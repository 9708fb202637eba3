import type { Adjustment, OrderQuote } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productIdBySku } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { demoProducts } from "./demo-catalog.ts";
import { seedDemo } from "./seed.ts";

// The demo shop's example excise taxes (docs/decisions/096): loaded with the demo through the taxes
// service, each marked Example with its source, and its vapes carrying the facts they are worked
// out on, so that a buyer quoting a nicotine vape to Ohio sees a real figure.

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

const taxRows = () => shop.app.db.kysely.selectFrom("tax_rules").selectAll().orderBy("name").execute();

describe("the demo's example taxes", () => {
  it("are the issue's jurisdictions at their rates, each Example data with its source and kept as version 1", async () => {
    const rows = await taxRows();
    const where = (row: (typeof rows)[number]) =>
      row.locality
        ? `${row.locality}, ${row.state}`
        : row.zip_set_name
          ? `${row.zip_set_name}, ${row.state}`
          : row.state;
    // Rates in their units: thousandths of a cent per ml, basis points of a percentage.
    expect(rows.map((row) => [where(row), row.basis, row.rate, row.system]).sort()).toEqual(
      [
        ["OH", "per_ml", 10_000, "any"],
        ["KS", "per_ml", 5_000, "any"],
        ["NC", "per_ml", 5_000, "any"],
        ["DE", "per_ml", 5_000, "any"],
        ["LA", "per_ml", 15_000, "any"],
        ["WV", "per_ml", 7_500, "any"],
        ["CT", "per_ml", 40_000, "prefilled"],
        ["CT", "wholesale_percent", 1_000, "open"],
        ["PA", "wholesale_percent", 4_000, "any"],
        ["NV", "wholesale_percent", 3_000, "any"],
        ["DC", "wholesale_percent", 9_100, "any"],
        ["CA", "retail_percent", 1_250, "any"],
        ["NJ", "per_ml", 10_000, "prefilled"],
        ["NJ", "retail_percent", 1_000, "open"],
        ["NY", "retail_percent", 2_000, "any"],
        ["Cook County (Chicago ZIP codes), IL", "per_ml", 20_000, "any"],
        ["Boulder, CO", "retail_percent", 4_000, "any"],
        ["Montgomery County (part), MD", "wholesale_percent", 3_000, "any"],
      ].sort(),
    );
    for (const row of rows) {
      expect(row.is_example, row.name).toBe(1);
      expect(row.source_url, row.name).toMatch(/^https:\/\/[a-z.]+\.(gov|us)(\/[\w/.-]*)?$/);
      expect(row.notes, row.name).toContain("Example data: verify before use.");
      expect(row.regulatory_class, row.name).toBe("ENDS");
      expect(row.effective_from, row.name).toBe("2025-01-01");
      expect(row.version, row.name).toBe(1);
      expect(row.ml_rounding, row.name).toBe(row.basis === "per_ml" ? "proportional" : null);
      // A share of the retail price is the retailer's to collect; the rest are owed on wholesale too.
      expect(row.wholesale, row.name).toBe(row.basis === "retail_percent" ? "exempt" : "charged");
    }
    // California's is of the price after discounts.
    expect(rows.find((row) => row.state === "CA")?.after_discount).toBe(1);
    const versions = await shop.app.db.kysely.selectFrom("tax_rule_versions").select("rule_id").execute();
    expect(versions.map((version) => version.rule_id).sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it("are not added again when the demo is loaded a second time", async () => {
    const before = (await taxRows()).length;
    await seedDemo(shop.app.db, shop.app.services);
    expect((await taxRows()).length).toBe(before);
  });
});

describe("the demo's vapes", () => {
  it("each know their millilitres, nicotine and system", async () => {
    const vapes = await shop.app.db.kysely
      .selectFrom("product_variants as v")
      .innerJoin("product_regulatory_classes as c", "c.product_id", "v.product_id")
      .where("c.class", "=", "ENDS")
      .select(["v.id", "v.sku"])
      .execute();
    const endsSkus = demoProducts.filter((product) => product.regulatoryClasses.includes("ENDS"));
    expect(vapes.length).toBeGreaterThanOrEqual(endsSkus.length);
    const facts = await shop.app.services.catalog.saleFacts(
      shop.app.db.kysely,
      vapes.map((vape) => vape.id),
    );
    for (const vape of vapes) {
      const excise = facts.get(vape.id)?.excise;
      expect(excise?.liquidMl, vape.sku).toBeGreaterThan(0);
      expect(excise?.nicotineMgPerMl, vape.sku).not.toBeNull();
      expect(excise?.system, vape.sku).toBe("prefilled");
      expect(excise?.wholesaleCostCents, vape.sku).not.toBeNull();
    }
  });

  const quoted = async (payload: object): Promise<OrderQuote> => {
    const response = await shop.app.inject({ method: "POST", url: "/api/cart/quote", payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OrderQuote;
  };
  const excise = (quote: OrderQuote) =>
    quote.adjustments.filter((adjustment: Adjustment) => adjustment.kind === "excise");

  it("a nicotine vape quoted to Ohio pays Ohio's tax on its 18 ml; to Texas, none", async () => {
    const nimbrix = await productIdBySku(shop.app, "DSP-NIM-25K-WMI");
    const lines = [{ productId: nimbrix, quantity: 2 }];
    const ohio = await quoted({ lines, fulfilment: "ship", state: "OH" });
    // 2 × 18 ml × $0.10 = $3.60.
    expect(excise(ohio)).toEqual([
      expect.objectContaining({
        line: 0,
        label: "Ohio vapor products tax: 18 ml × $0.10 × 2",
        amountCents: 360,
        excise: expect.objectContaining({ where: "Ohio", basis: "per_ml", basisMl: 36_000, pieces: 2 }),
      }),
    ]);
    expect(ohio.exciseCents).toBe(360);
    expect(ohio.compliance?.lines[0]?.allowed).toBe(true);

    const texas = await quoted({ lines, fulfilment: "ship", state: "TX" });
    expect(excise(texas)).toEqual([]);
    expect(texas.exciseCents).toBe(0);
    expect(ohio.totalCents - texas.totalCents).toBe(360 + ohio.taxCents - texas.taxCents);
  });

  it("a nicotine-free vape pays no Ohio tax, whose rule is on nicotine liquid", async () => {
    const zero = await productIdBySku(shop.app, "DSP-KST-6K-LMN-0");
    const ohio = await quoted({ lines: [{ productId: zero, quantity: 1 }], fulfilment: "ship", state: "OH" });
    expect(excise(ohio)).toEqual([]);
  });
});
