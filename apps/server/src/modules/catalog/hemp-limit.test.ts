import type { AdminProduct, ComplianceImportResult, ComplianceRuleInput } from "@shop/shared";
import { dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, type Sessions, TEST_ADMIN } from "../../test/forms.ts";
import { postOrder } from "../../test/orders.ts";
import { addLabResult, productIdBySku, sellableProducts } from "../../test/products.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";

// The federal hemp limit (docs/decisions/047 and 076) is a set of country-wide ban
// rules per hemp class (example data) whose conditions test the product's latest COA: delta-9 THC
// above 0.3 % until 2026-11-11; from 2026-11-12 total THC (delta-9 + 0.877 × THCA) above 0.3 %,
// and THC of every kind above 0.4 mg per container. A hemp product with no COA, or whose COA does
// not state a figure, counts as over it. Today (after 2026-11-12) every demo hemp product is over it.

let shop: TestApp;
let sessions: Sessions;
let buyer = "";
let flower = ""; // Mint Frost Cake: 0.26 % delta-9, 28.05 % THCA → 24.86 % total THC; 870.1 mg in its 3.5 g
let gummy = ""; // Mixed berry delta-9 gummies: 0.25 % delta-9, no THCA → 0.25 % total THC; 100 mg in the jar

const LIMIT_SOURCE = "https://www.congress.gov/";
const OVER_TOTAL =
  "Its latest lab result (COA) shows 24.86 % total THC. THCA flower whose total THC (delta-9 + 0.877 × THCA) " +
  "is above 0.3 % is not sold anywhere in the United States.";
const OVER_CONTAINER = (shown: string, what = "Intoxicating hemp") =>
  `Its latest lab result (COA) shows ${shown} total THC per container. ${what} whose total THC per container ` +
  "is above 0.4 mg is not sold anywhere in the United States.";

const place = (productId: string) => postOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }] });

async function staffProduct(id: string): Promise<AdminProduct> {
  const response = await shop.app.inject({ url: `/api/admin/products/${id}`, headers: { cookie: sessions.staff } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Runs `check` while the gummy's latest COA (dated today) states `perContainer` µg of THC in a jar of 0.25 % total THC. */
async function withGummyCoa(perContainer: number | null, check: () => Promise<void>) {
  const removed = await addLabResult(shop.app, gummy, dayOf(new Date()), { delta9: 250, thca: 0, perContainer });
  try {
    await check();
  } finally {
    await removed();
  }
}

beforeAll(async () => {
  ({ shop, cookies: sessions } = await createShopWithSessions());
  await addAccount(shop.app, TEST_ADMIN, {
    id: "hemp-buyer",
    email: "hemp-buyer@shop.test",
    dateOfBirth: "1990-05-01",
  });
  buyer = await loginCookie(shop.app, "hemp-buyer@shop.test", TEST_ADMIN.password);
  flower = await productIdBySku(shop.app, "HMP-CPL-MFC-35");
  gummy = await productIdBySku(shop.app, "HMP-CPL-D9G-MB-10");
});
afterAll(() => shop.close());

describe("the federal hemp limit, from the latest COA", () => {
  it("refuses THCA flower over the limit with the COA's figure, the limit and the statute as the reason", async () => {
    const orders = await shop.rowCount("orders");
    const response = await place(flower);
    expect(response.statusCode, response.body).toBe(409);
    const body = response.json();
    expect(body.code).toBe("not_sold_there");
    expect(body.fields).toEqual({ "lines.0": OVER_TOTAL });
    expect(body.message).toContain(`(rule source: ${LIMIT_SOURCE})`);
    expect(await shop.rowCount("orders")).toBe(orders);
  });

  it("refuses a delta-9 gummy under 0.3 % total THC whose jar holds 100 mg: over 0.4 mg per container", async () => {
    const response = await place(gummy);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().fields).toEqual({ "lines.0": OVER_CONTAINER("100 mg") });
  });

  it("sells it when its latest COA states at most 0.4 mg per container, and refuses a microgram more", async () => {
    await withGummyCoa(400, async () => {
      expect((await place(gummy)).statusCode).toBe(201);
      expect((await staffProduct(gummy)).saleBans).toEqual([]);
    });
    await withGummyCoa(401, async () => {
      const response = await place(gummy);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().fields).toEqual({ "lines.0": OVER_CONTAINER("0.401 mg") });
    });
  });

  it("counts a latest COA that does not state the THC per container as over 0.4 mg", async () => {
    await withGummyCoa(null, async () => {
      const response = await place(gummy);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().fields).toEqual({
        "lines.0":
          "It has no lab result (COA) showing its total THC per container, so it counts as over the limit. " +
          "Intoxicating hemp whose total THC per container is above 0.4 mg is not sold anywhere in the United States.",
      });
    });
  });

  it("goes by the latest COA by report date: a newer one over the limit bans, an older one does not", async () => {
    await withGummyCoa(380, async () => {
      const older = await addLabResult(shop.app, gummy, "2020-01-10", {
        delta9: 250,
        thca: 5_000,
        perContainer: 90_000,
      });
      try {
        expect((await place(gummy)).statusCode).toBe(201);
      } finally {
        await older();
      }
    });
    const today = dayOf(new Date());
    const newer = await addLabResult(shop.app, gummy, today, { delta9: 250, thca: 100, perContainer: 380 }); // 0.25 + 0.0877 → 0.338 %
    try {
      const response = await place(gummy);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().fields["lines.0"]).toMatch(/^Its latest lab result \(COA\) shows 0\.338 % total THC\. /);
    } finally {
      await newer();
    }
  });

  it("refuses a hemp product with no COA at all, saying it has no lab result", async () => {
    const plain = (
      await sellableProducts(shop.app).where("stock", ">=", 5).select("id").orderBy("id").executeTakeFirstOrThrow()
    ).id;
    const db = shop.app.db.kysely;
    await db.insertInto("product_regulatory_classes").values({ product_id: plain, class: "HEMP_NONINTOX" }).execute();
    try {
      const response = await place(plain);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().fields["lines.0"]).toBe(
        "It has no lab result (COA) showing its total THC, so it counts as over the limit. CBD and other " +
          "non-intoxicating hemp whose total THC (delta-9 + 0.877 × THCA) is above 0.3 % is not sold anywhere in the " +
          "United States.",
      );
      expect((await staffProduct(plain)).saleBans.map((ban) => ban.reason)).toEqual([
        "It has no lab result (COA) showing its total THC, so it counts as over the limit. CBD and other " +
          "non-intoxicating hemp whose total THC (delta-9 + 0.877 × THCA) is above 0.3 % is not sold anywhere in the " +
          "United States.",
        "It has no lab result (COA) showing its total THC per container, so it counts as over the limit. CBD and " +
          "other non-intoxicating hemp whose total THC per container is above 0.4 mg is not sold anywhere in the " +
          "United States.",
      ]);
    } finally {
      await db
        .deleteFrom("product_regulatory_classes")
        .where("product_id", "=", plain)
        .where("class", "=", "HEMP_NONINTOX")
        .execute();
    }
  });

  it("shows staff on the product why it cannot be sold anywhere today, and nothing for one that can", async () => {
    const flowerBans = [
      { reason: OVER_TOTAL, sourceUrl: LIMIT_SOURCE },
      { reason: OVER_CONTAINER("870.1 mg", "THCA flower"), sourceUrl: LIMIT_SOURCE },
    ];
    expect((await staffProduct(flower)).saleBans).toEqual(flowerBans);
    expect((await staffProduct(gummy)).saleBans).toEqual([
      { reason: OVER_CONTAINER("100 mg"), sourceUrl: LIMIT_SOURCE },
    ]);
    const list = await shop.app.inject({
      url: "/api/admin/products?class=HEMP_THCA_FLOWER",
      headers: { cookie: sessions.staff },
    });
    const rows: { id: string; notSellable: string | null }[] = list.json().items;
    // The demo's THCA flower: Velvet Cherry Sorbet and Mint Frost Cake (decision 080).
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.find((row) => row.id === flower)?.notSellable).toBe(OVER_TOTAL);
    for (const row of rows) expect(row.notSellable).toMatch(/total THC .* is above 0\.3 % is not sold anywhere/);
    await withGummyCoa(380, async () => {
      const gummies = await shop.app.inject({
        url: "/api/admin/products?class=HEMP_INTOX",
        headers: { cookie: sessions.staff },
      });
      expect(gummies.json().items.find((row: { id: string }) => row.id === gummy)?.notSellable).toBeNull();
    });
    // Taken off the shop, it still says why it could not be sold.
    await shop.app.db.kysely.updateTable("products").set({ active: 0 }).where("id", "=", flower).execute();
    try {
      expect((await staffProduct(flower)).saleBans).toEqual(flowerBans);
    } finally {
      await shop.app.db.kysely.updateTable("products").set({ active: 1 }).where("id", "=", flower).execute();
    }
  });
});

describe("rules on lab figures", () => {
  const rule: ComplianceRuleInput = {
    jurisdiction: { level: "state", country: "US", state: "ID" },
    regulatoryClass: "HEMP_NONINTOX",
    effect: "ban",
    minAge: null,
    requirements: [],
    statement: null,
    condition: { attribute: "delta9Thc", operator: "is_above", value: "0" },
    effectiveFrom: "2026-01-01",
    effectiveTo: null,
    sourceUrl: "https://www.idaho.gov/",
    sourceDate: null,
    lastCheckedOn: "2026-11-20",
    notes: "Any THC at all.",
    isExample: false,
  };
  const send = (url: string, payload: unknown) =>
    shop.app.inject({ method: "POST", url, payload: payload as object, headers: { cookie: sessions.manager } });

  it("takes a figure with is above / is at most and a number in its unit, and refuses anything else in words", async () => {
    const rules = await shop.rowCount("compliance_rules");
    const cases: [ComplianceRuleInput["condition"], Record<string, string>][] = [
      [
        { attribute: "totalThc", operator: "is_above", value: "0.3 %" },
        {
          "condition.value":
            "Please enter a percentage from 0 to 100 as a number, such as 0.3 (at most three decimals).",
        },
      ],
      [
        { attribute: "totalThc", operator: "is", value: "0.3" },
        { "condition.operator": "A lab figure is compared with “is above” or “is at most”." },
      ],
      [
        { attribute: "flavour", operator: "is_above", value: "3" },
        { "condition.operator": "Words are compared with “is”, “is not”, “contains” or “does not contain”." },
      ],
      [
        { attribute: "delta9Thc", operator: "is_at_most", value: "100.5" },
        {
          "condition.value":
            "Please enter a percentage from 0 to 100 as a number, such as 0.3 (at most three decimals).",
        },
      ],
      [
        { attribute: "thcPerContainer", operator: "is_above", value: "0.4 mg" },
        {
          "condition.value":
            "Please enter milligrams from 0 to 999.999 as a number, such as 0.4 (at most three decimals).",
        },
      ],
    ];
    for (const [condition, fields] of cases) {
      const response = await send("/api/admin/compliance/rules", { ...rule, condition });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    expect(await shop.rowCount("compliance_rules")).toBe(rules);
    const created = await send("/api/admin/compliance/rules", rule);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().condition).toEqual({ attribute: "delta9Thc", operator: "is_above", value: "0" });
    // Milligrams are not a percentage: 150 mg per container is a limit a rule may set.
    const milligrams = { attribute: "thcPerContainer", operator: "is_above", value: "150" } as const;
    const perContainer = await send("/api/admin/compliance/rules", { ...rule, condition: milligrams });
    expect(perContainer.statusCode, perContainer.body).toBe(201);
    expect(perContainer.json().condition).toEqual(milligrams);
  });

  it("exports and imports them by CSV; a figure compared with words is refused row by row", async () => {
    const csv = (
      await shop.app.inject({ url: "/api/admin/compliance/rules.csv", headers: { cookie: sessions.manager } })
    ).body;
    expect(csv).toContain(",totalThc,is_above,0.3,");
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    const header = lines[0] as string;
    const total = lines.find((line) => line.includes(",totalThc,is_above,0.3,")) as string;
    const unchanged = await send("/api/admin/compliance/rules/import", { csv: `${header}\r\n${total}`, preview: true });
    expect((unchanged.json() as ComplianceImportResult).counts).toMatchObject({ unchanged: 1, error: 0 });
    const broken = total.replace(",totalThc,is_above,0.3,", ",totalThc,contains,0.3,");
    const refused = await send("/api/admin/compliance/rules/import", { csv: `${header}\r\n${broken}`, preview: true });
    const result: ComplianceImportResult = refused.json();
    expect(result.counts).toMatchObject({ error: 1 });
    expect(result.rows[0]?.problems).toEqual([
      { column: "condition_operator", message: "A lab figure is compared with “is above” or “is at most”." },
    ]);
  });
});
