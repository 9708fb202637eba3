import type { Adjustment, Order, OrderQuote, TaxRuleInput } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { type Mailbox, startMailbox } from "../../test/mailbox.ts";
import { placeOrder, postOrder } from "../../test/orders.ts";
import { productOfClass, productStock, SHIPPING_ADDRESS } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// Excise taxes at checkout (docs/decisions/096): price() adds each tax rule a line owes where it
// goes as an adjustment on that line, in the quote and in the order, with the rule and what it was
// worked out on kept; a line a tax needs a fact for that it lacks is refused there. Each test
// keeps to a state of its own that the demo's example taxes leave alone, so they never add up.

let shop: TestApp;
let mailbox: Mailbox;
let buyer = "";
let admin = "";
let vape = "";
/** The vape's piece price, as the shop sells it. */
let piece = 0;

const today = dayOf(new Date());

/** A tax rule as staff type it: a state's per-millilitre tax on vapes, from today, unless `change` says otherwise. */
function taxRule(change: Partial<TaxRuleInput>): TaxRuleInput {
  return {
    jurisdiction: { level: "state", country: "US", state: "MN" },
    name: "Test vapor tax",
    regulatoryClass: "ENDS",
    nicotine: "any",
    system: "any",
    liquid: "any",
    basis: "per_ml",
    rate: "0.10",
    mlRounding: "proportional",
    afterDiscount: false,
    salesTaxOnTop: false,
    effectiveFrom: today,
    effectiveTo: null,
    sourceUrl: "https://revenue.example.gov/vapor",
    sourceDate: null,
    lastCheckedOn: today,
    notes: "",
    isExample: false,
    ...change,
  };
}

const addRule = (change: Partial<TaxRuleInput>) => shop.app.services.taxes.create(taxRule(change) as never, null);

/** The vape's own variant's excise facts, as staff would record them. */
const setFacts = (facts: {
  liquid_ml?: number | null;
  nicotine_mg_per_ml?: number | null;
  vape_system?: "prefilled" | "open" | null;
  wholesale_cost_cents?: number | null;
}) => shop.app.db.kysely.updateTable("product_variants").set(facts).where("id", "=", vape).execute();

async function quoted(payload: object): Promise<OrderQuote> {
  const response = await shop.app.inject({ method: "POST", url: "/api/cart/quote", payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderQuote;
}

const excise = (figures: { adjustments: Adjustment[] }) =>
  figures.adjustments.filter((adjustment) => adjustment.kind === "excise");

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await createTestApp({ env: { ...TEST_ADMIN_ENV, SMTP_URL: mailbox.url } });
  await addAccount(shop.app, TEST_ADMIN, { id: "excise-buyer", email: "excise@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(shop.app, "excise@shop.test", TEST_ADMIN.password);
  admin = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  vape = await productOfClass(shop.app, "ENDS");
  await setFacts({
    liquid_ml: 10_000,
    nicotine_mg_per_ml: 50_000,
    vape_system: "prefilled",
    wholesale_cost_cents: 800,
  });
  piece = (await quoted({ lines: [{ productId: vape, quantity: 1 }] })).lines[0]?.unitPriceCents ?? 0;
  expect(piece).toBeGreaterThan(0);
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

describe("excise taxes in the quote", () => {
  it("charges a per-millilitre tax on the line where it ships, and none in a state without it", async () => {
    await addRule({ name: "Minnesota vapor tax" });
    const lines = [{ productId: vape, quantity: 2 }];
    const minnesota = await quoted({ lines, state: "MN" });
    // 2 × 10 ml at $0.10 a millilitre: $2.00.
    expect(excise(minnesota)).toEqual([
      expect.objectContaining({
        line: 0,
        label: "Minnesota vapor tax: 10 ml × $0.10 × 2",
        amountCents: 200,
        basisCents: null,
        rateBasisPoints: null,
        excise: expect.objectContaining({
          where: "Minnesota",
          basis: "per_ml",
          basisMl: 20_000,
          pieces: 2,
          rateUnits: 10_000,
        }),
      }),
    ]);
    expect(minnesota.exciseCents).toBe(200);
    const others = minnesota.adjustments.reduce((sum, adjustment) => sum + adjustment.amountCents, 0);
    expect(minnesota.totalCents).toBe(minnesota.subtotalCents + others);
    expect(minnesota.compliance?.lines[0]?.allowed).toBe(true);

    const texas = await quoted({ lines, state: "TX" });
    expect(excise(texas)).toEqual([]);
    expect(texas.exciseCents).toBe(0);
    // No state yet: nothing is known of the taxes.
    expect(excise(await quoted({ lines }))).toEqual([]);
  });

  it("adds a county's tax, kept as the county's ZIP codes, on top of its state's where the address is in it", async () => {
    await addRule({
      jurisdiction: { level: "state", country: "US", state: "VT" },
      name: "Vermont vapor tax",
      rate: "0.05",
    });
    await addRule({
      jurisdiction: {
        level: "zip_set",
        country: "US",
        state: "VT",
        name: "Chittenden County",
        zips: ["05401", "05403"],
      },
      name: "Chittenden County vapor tax",
      rate: "0.20",
    });
    const lines = [{ productId: vape, quantity: 1 }];
    const inCounty = await quoted({ lines, state: "VT", city: "Burlington", zip: "05401" });
    expect(excise(inCounty).map(({ label, amountCents }) => [label, amountCents])).toEqual([
      ["Vermont vapor tax: 10 ml × $0.05", 50],
      ["Chittenden County vapor tax: 10 ml × $0.20", 200],
    ]);
    const elsewhere = await quoted({ lines, state: "VT", city: "Rutland", zip: "05701" });
    expect(excise(elsewhere).map(({ amountCents }) => amountCents)).toEqual([50]);
  });

  it("works out a tax per unit, of the retail price and of the wholesale cost, each to the cent", async () => {
    const state = { level: "state", country: "US", state: "WA" } as const;
    await addRule({ jurisdiction: state, name: "Per device", basis: "per_unit", rate: "0.50", mlRounding: null });
    await addRule({
      jurisdiction: state,
      name: "Retail share",
      basis: "retail_percent",
      rate: "12.5",
      mlRounding: null,
    });
    await addRule({
      jurisdiction: state,
      name: "Wholesale share",
      basis: "wholesale_percent",
      rate: "40",
      mlRounding: null,
    });
    const answer = await quoted({ lines: [{ productId: vape, quantity: 3 }], state: "WA" });
    expect(excise(answer).map(({ label, amountCents }) => [label, amountCents])).toEqual([
      ["Per device: $0.50 × 3", 150],
      [`Retail share: 12.5% of $${((piece * 3) / 100).toFixed(2)}`, Math.round((piece * 3 * 1250) / 10_000)],
      // 40 % of 3 × $8.00 wholesale.
      ["Wholesale share: 40% of $24.00 wholesale", 960],
    ]);
  });

  it("charges sales tax on an excise whose rule says so, and not on the others", async () => {
    await shop.app.services.settings.update({ salesTaxBasisPoints: { UT: 500 } });
    await addRule({
      jurisdiction: { level: "state", country: "US", state: "UT" },
      name: "Taxed too",
      rate: "1.00",
      salesTaxOnTop: true,
    });
    await addRule({ jurisdiction: { level: "state", country: "US", state: "UT" }, name: "Not taxed", rate: "0.50" });
    const answer = await quoted({ lines: [{ productId: vape, quantity: 1 }], state: "UT" });
    const tax = answer.adjustments.find((adjustment) => adjustment.kind === "sales_tax");
    // The goods after any discount plus the $10.00 taxed excise; the $5.00 one is left out.
    const goods = answer.subtotalCents - answer.discountCents;
    expect(tax?.basisCents).toBe(goods + 1000);
    expect(tax?.amountCents).toBe(Math.round(((goods + 1000) * 500) / 10_000));
  });

  it("leaves out a rule that starts tomorrow, and one that ended yesterday", async () => {
    const state = { level: "state", country: "US", state: "NM" } as const;
    await addRule({ jurisdiction: state, name: "From tomorrow", effectiveFrom: addDays(today, 1) });
    await addRule({
      jurisdiction: state,
      name: "Until yesterday",
      effectiveFrom: addDays(today, -30),
      effectiveTo: addDays(today, -1),
    });
    const answer = await quoted({ lines: [{ productId: vape, quantity: 1 }], state: "NM" });
    expect(excise(answer)).toEqual([]);
  });

  it("takes in only the lines its nicotine and system conditions name", async () => {
    const state = { level: "state", country: "US", state: "KY" } as const;
    await addRule({ jurisdiction: state, name: "Open systems", system: "open", rate: "1.00" });
    await addRule({ jurisdiction: state, name: "Nicotine-free", nicotine: "nicotine_free", rate: "1.00" });
    await addRule({ jurisdiction: state, name: "Prefilled with nicotine", system: "prefilled", nicotine: "nicotine" });
    const answer = await quoted({ lines: [{ productId: vape, quantity: 1 }], state: "KY" });
    expect(excise(answer).map(({ label }) => label)).toEqual(["Prefilled with nicotine: 10 ml × $0.10"]);
  });
});

describe("the facts a tax needs, as staff record them", () => {
  it("takes a variant's own millilitres from the variants grid's API over its product's Liquid field", async () => {
    await addRule({ jurisdiction: { level: "state", country: "US", state: "SD" }, name: "South Dakota test tax" });
    const url = `/api/admin/products/${vape}/variants`;
    const read = await shop.app.inject({ method: "GET", url, headers: { cookie: admin } });
    expect(read.statusCode, read.body).toBe(200);
    const { options, variants } = read.json() as {
      options: { name: string; values: string[] }[];
      variants: Record<string, unknown>[];
    };
    const own = variants.find((variant) => variant.id === vape) as Record<string, unknown>;
    expect(own).toMatchObject({ liquidMl: 10_000, vapeSystem: "prefilled", wholesaleCostCents: 800 });
    const save = (liquidMl: unknown) =>
      shop.app.inject({
        method: "PUT",
        url,
        headers: { cookie: admin },
        payload: {
          options,
          variants: variants.map(({ own: _own, image: _image, stock: _stock, ...variant }) =>
            variant.id === vape ? { ...variant, liquidMl } : variant,
          ),
        },
      });
    const refused = await save(-1);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fields).toMatchObject({
      [`variants.${variants.indexOf(own)}.liquidMl`]: "must not be below 0",
    });
    try {
      const saved = await save(2_500);
      expect(saved.statusCode, saved.body).toBe(200);
      const answer = await quoted({ lines: [{ productId: vape, quantity: 2 }], state: "SD" });
      // 2 × 2.5 ml at $0.10: $0.50.
      expect(excise(answer).map(({ label, amountCents }) => [label, amountCents])).toEqual([
        ["South Dakota test tax: 2.5 ml × $0.10 × 2", 50],
      ]);
    } finally {
      await setFacts({ liquid_ml: 10_000 });
    }
  });
});

describe("excise taxes on the order", () => {
  it("keeps each tax on its line with the rule's version, in the order's total, and shows it to the buyer", async () => {
    await addRule({
      jurisdiction: { level: "state", country: "US", state: "IA" },
      name: "Iowa test tax",
      rate: "0.25",
    });
    const lines = [{ productId: vape, quantity: 2 }];
    const quote = await quoted({ lines, state: "IA", city: "Des Moines", zip: "50309" });
    const order: Order = await placeOrder(shop.app, buyer, {
      lines,
      shippingAddress: { ...SHIPPING_ADDRESS, city: "Des Moines", state: "IA", zip: "50309" },
    });
    // What the buyer was quoted is what the order keeps.
    expect(excise(order)).toEqual(excise(quote));
    expect(order.totalCents).toBe(quote.totalCents);
    // 2 × 10 ml at $0.25: $5.00.
    expect(excise(order)).toEqual([
      expect.objectContaining({
        line: 0,
        label: "Iowa test tax: 10 ml × $0.25 × 2",
        amountCents: 500,
        excise: expect.objectContaining({ ruleVersion: 1, where: "Iowa", basisMl: 20_000, pieces: 2 }),
      }),
    ]);
    expect(order.exciseCents).toBe(500);
    const goods = order.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    expect(order.totalCents).toBe(
      goods + order.adjustments.reduce((sum, adjustment) => sum + adjustment.amountCents, 0),
    );

    const mine = await shop.app.inject({
      method: "GET",
      url: `/api/account/orders/${order.number}`,
      headers: { cookie: buyer },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(excise(mine.json() as Order)).toEqual(excise(order));
    const staff = await shop.app.inject({
      method: "GET",
      url: `/api/admin/orders/${order.number}`,
      headers: { cookie: admin },
    });
    expect(excise(staff.json() as Order)).toEqual(excise(order));
    // The confirmation e-mail lists it with the other totals.
    await shop.app.services.background.settled();
    const letter = mailbox.to("excise@shop.test").find((mail) => mail.subject.includes(order.number));
    expect(letter?.text).toContain("Iowa test tax: 10 ml × $0.25 × 2: $5.00");
  });

  it("refuses a line a per-millilitre tax cannot be worked out for, saying why, and writes nothing", async () => {
    await addRule({ jurisdiction: { level: "state", country: "US", state: "MT" }, name: "Montana vapor tax" });
    await setFacts({ liquid_ml: null });
    const liquid = await shop.app.db.kysely
      .selectFrom("products")
      .select("liquid")
      .where("id", "=", vape)
      .executeTakeFirstOrThrow();
    await shop.app.db.kysely.updateTable("products").set({ liquid: null }).where("id", "=", vape).execute();
    try {
      const lines = [{ productId: vape, quantity: 1 }];
      const reason =
        "It cannot be sold to Montana yet: the Montana vapor tax is worked out on how many millilitres of liquid it holds, which is not recorded for it.";
      const answer = await quoted({ lines, state: "MT" });
      expect(answer.compliance?.lines[0]).toEqual({
        allowed: false,
        reason,
        sourceUrl: "https://revenue.example.gov/vapor",
        minAge: 21,
      });
      expect(excise(answer)).toEqual([]);

      const [orders, stock] = [await shop.rowCount("orders"), await productStock(shop.app, vape)];
      const response = await postOrder(shop.app, buyer, {
        lines,
        shippingAddress: { ...SHIPPING_ADDRESS, city: "Helena", state: "MT", zip: "59601" },
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: "not_sold_there", fields: { "lines.0": reason } });
      expect(response.json().message).toMatch(
        /^“.+”: It cannot be sold to Montana yet: .+ Please remove it to order the rest\.$/,
      );
      expect(await shop.rowCount("orders")).toBe(orders);
      expect(await productStock(shop.app, vape)).toBe(stock);
      // Elsewhere it sells as before.
      expect((await quoted({ lines, state: "TX" })).compliance?.lines[0]?.allowed).toBe(true);
    } finally {
      await shop.app.db.kysely.updateTable("products").set({ liquid: liquid.liquid }).where("id", "=", vape).execute();
      await setFacts({ liquid_ml: 10_000 });
    }
  });
});
