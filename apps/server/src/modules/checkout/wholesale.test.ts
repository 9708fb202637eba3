import { type AdminOrder, type Order, type OrderQuote, type TaxRuleInput, taxRuleInputSchema } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { postOrder } from "../../test/orders.ts";
import { productOfClass, productStock, SHIPPING_ADDRESS } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { addWholesaleAccount } from "../../test/wholesale.ts";

// Buying wholesale (docs/decisions/102): an approved account's lines are whole boxes at
// DistroPrice × PcsPerPack × PackPerBox, its order meets the shop's minimum and ships only under a
// valid licence for the state; it pays no sales tax where a resale certificate is valid, owes only
// the excise its rules charge on wholesale, and is not stopped by a ban that spares licensed
// businesses (the demo's Maine ban). The DistroPrice reaches no one else.

let shop: TestApp;
let admin = "";
/** Approved: licences for Nevada, Maine and Minnesota, a resale certificate for Nevada. */
let trader = "";
/** Approved, but its Nevada licence and certificate expired yesterday. */
let lapsed = "";
/** Licensed in Nevada, but its Nevada resale certificate expired yesterday. */
let renewing = "";
/** A retail buyer. */
let retail = "";
let vape = "";
let candy = "";

const today = dayOf(new Date());
const yesterday = addDays(today, -1);
/** The vape's DistroPrice per piece and its box: 2 pieces a pack, 3 packs a box. */
const DISTRO = 4321;
const BOX = DISTRO * 6;
/** Every other variant's DistroPrice: a figure no retail answer has reason to hold. */
const OTHER_DISTRO = 97_531;

const NEVADA = { ...SHIPPING_ADDRESS, city: "Reno", state: "NV", zip: "89501" };
const MAINE = { ...SHIPPING_ADDRESS, city: "Portland", state: "ME", zip: "04101" };
const MINNESOTA = { ...SHIPPING_ADDRESS, city: "Saint Paul", state: "MN", zip: "55101" };
const TEXAS = { ...SHIPPING_ADDRESS, city: "Austin", state: "TX", zip: "73301" };

const box = (productId: string, quantity = 1) => ({ productId, unit: "box", quantity });

async function quote(cookie: string | null, payload: object) {
  return shop.app.inject({
    method: "POST",
    url: "/api/cart/quote",
    payload,
    headers: cookie ? { cookie } : {},
  });
}

async function quoted(cookie: string | null, payload: object): Promise<OrderQuote> {
  const response = await quote(cookie, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderQuote;
}

const order = (cookie: string, lines: object[], address: object = NEVADA) =>
  postOrder(shop.app, cookie, { lines, shippingAddress: address });

const salesTax = (figures: Pick<OrderQuote, "adjustments">) =>
  figures.adjustments.filter((adjustment) => adjustment.kind === "sales_tax");

const taxRule = (change: Partial<TaxRuleInput>): TaxRuleInput => ({
  jurisdiction: { level: "state", country: "US", state: "MN" },
  name: "Test tax",
  regulatoryClass: "ENDS",
  nicotine: "any",
  system: "any",
  liquid: "any",
  basis: "per_unit",
  rate: "1.00",
  mlRounding: null,
  afterDiscount: false,
  salesTaxOnTop: false,
  wholesale: "charged",
  effectiveFrom: today,
  effectiveTo: null,
  sourceUrl: "https://revenue.example.gov/vapor",
  sourceDate: null,
  lastCheckedOn: today,
  notes: "",
  isExample: false,
  ...change,
});

async function setMinimum(cents: number) {
  await shop.app.services.settings.update({ wholesaleMinimumOrderCents: cents });
}

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  for (const [id, email] of [
    ["trader", "trader@shop.test"],
    ["lapsed", "lapsed@shop.test"],
    ["renewing", "renewing@shop.test"],
    ["retail", "retail@shop.test"],
  ] as const) {
    await addAccount(shop.app, TEST_ADMIN, { id, email, dateOfBirth: "1985-03-02" });
  }
  await addWholesaleAccount(shop.app, "trader", {
    licences: [
      { state: "NV", expiresOn: "2099-12-31", number: "NV-TOB-7781" },
      { state: "ME", expiresOn: "2099-12-31" },
      { state: "MN", expiresOn: "2099-12-31" },
    ],
    certificates: [{ state: "NV", expiresOn: "2099-12-31" }],
  });
  await addWholesaleAccount(shop.app, "lapsed", {
    licences: [{ state: "NV", expiresOn: yesterday, number: "NV-TOB-0042" }],
    certificates: [{ state: "NV", expiresOn: yesterday }],
  });
  // A valid Nevada licence, but the Nevada resale certificate ended yesterday.
  await addWholesaleAccount(shop.app, "renewing", {
    licences: [{ state: "NV", expiresOn: "2099-12-31" }],
    certificates: [{ state: "NV", expiresOn: yesterday }],
  });
  admin = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  trader = await loginCookie(shop.app, "trader@shop.test", TEST_ADMIN.password);
  lapsed = await loginCookie(shop.app, "lapsed@shop.test", TEST_ADMIN.password);
  renewing = await loginCookie(shop.app, "renewing@shop.test", TEST_ADMIN.password);
  retail = await loginCookie(shop.app, "retail@shop.test", TEST_ADMIN.password);
  vape = await productOfClass(shop.app, "ENDS");
  candy = await productOfClass(shop.app, "GENERAL");
  const variants = shop.app.db.kysely.updateTable("product_variants");
  await variants.set({ distro_price_cents: OTHER_DISTRO }).execute();
  await variants.set({ distro_price_cents: DISTRO, pcs_per_pack: 2, pack_per_box: 3 }).where("id", "=", vape).execute();
  // The candy has a DistroPrice but no box size: it is not sold wholesale.
  await variants.set({ pcs_per_pack: null, pack_per_box: null }).where("id", "=", candy).execute();
  await shop.app.services.settings.update({ salesTaxBasisPoints: { NV: 685, ME: 550, MN: 688 } });
  shop.app.services.catalog.forgetLists();
});
afterAll(() => shop.close());

describe("the DistroPrice", () => {
  it("is in no retail or anonymous answer: product list, detail, search, batch, quote, order, sitemap, OpenAPI", async () => {
    const holds = (text: string) =>
      [String(DISTRO), String(OTHER_DISTRO), "43.21", "975.31", String(BOX), "distro"].filter((needle) =>
        text.toLowerCase().includes(needle.toLowerCase()),
      );
    const answers: [string, string][] = [];
    const get = async (url: string, cookie: string | null) => {
      const response = await shop.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      answers.push([url, response.body]);
    };
    for (const cookie of [null, retail]) {
      await get("/api/Product?limit=48", cookie);
      await get("/api/Product?q=vape", cookie);
      await get(`/api/Product/${vape}`, cookie);
      await get(`/api/Product/batch?ids=${vape},${candy}`, cookie);
      answers.push(["quote", (await quote(cookie, { lines: [box(vape), { productId: candy, quantity: 1 }] })).body]);
    }
    // The staff API's schemas name the field; no example in the document carries a value.
    const docs = await shop.app.inject("/api/docs/json");
    expect(docs.statusCode).toBe(200);
    answers.push(["OpenAPI", docs.body.replace(/distro/gi, "")]);
    const placed = await order(retail, [box(vape), { productId: candy, quantity: 1 }], TEXAS);
    expect(placed.statusCode, placed.body).toBe(201);
    answers.push(["order", placed.body]);
    await get(`/api/account/orders/${(placed.json() as Order).number}`, retail);
    const sitemap = shop.app.services.sitemaps.index({
      base: "https://shop.example",
      pages: ["/"],
      category: (slug) => `/products?category=${slug}`,
      product: (id) => `/products/${id}`,
      post: (slug) => `/blog/${slug}`,
      batch: (lot) => `/coas/${lot}`,
      sitemap: (n) => `/sitemap.xml?part=${n}`,
    });
    let xml = "";
    for await (const part of sitemap ?? []) xml += part;
    answers.push(["sitemap", xml]);
    for (const [where, body] of answers) expect(holds(body), where).toEqual([]);
  });

  it("prices only an approved account's own boxes, answered to no cache and to nobody else", async () => {
    const url = `/api/wholesale/prices?variantIds=${vape},${candy}`;
    const own = await shop.app.inject({ url, headers: { cookie: trader } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(own.json()).toEqual({ items: [{ variantId: vape, boxPriceCents: BOX, piecesPerBox: 6 }] });
    const other = await shop.app.inject({ url, headers: { cookie: retail } });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe("not_wholesale");
    expect((await shop.app.inject({ url })).statusCode).toBe(401);
    const bad = await shop.app.inject({ url: "/api/wholesale/prices?variantIds=", headers: { cookie: trader } });
    expect(bad.statusCode).toBe(400);
  });
});

describe("an approved account's quote", () => {
  it("prices each line as a whole box at DistroPrice × PcsPerPack × PackPerBox", async () => {
    const figures = await quoted(trader, { lines: [box(vape, 2)], state: "NV" });
    expect(figures.lines[0]).toMatchObject({ unit: "box", unitPriceCents: BOX, piecesPerUnit: 6, quantity: 2 });
    expect(figures.subtotalCents).toBe(2 * BOX);
    expect(figures.wholesale).toEqual({ minimumOrderCents: 0, salesTaxExempt: true, problem: null });
    // A retail buyer's quote of the same box is the shop's box price, and says nothing of wholesale.
    const shelf = await quoted(retail, { lines: [box(vape, 2)], state: "NV" });
    expect(shelf.lines[0]?.unitPriceCents).not.toBe(BOX);
    expect(shelf.wholesale).toBeNull();
  });

  it("refuses a piece line and a product without pack counts in words naming the product", async () => {
    const piece = await quote(trader, { lines: [{ productId: vape, quantity: 6 }], state: "NV" });
    expect(piece.statusCode).toBe(400);
    expect(piece.json()).toMatchObject({
      code: "wholesale_boxes_only",
      message: expect.stringMatching(
        /^“.+” is in your cart by the piece, but a wholesale account buys whole boxes only\./,
      ),
      fields: { "lines.0": "a wholesale account buys whole boxes only" },
    });
    const packless = await quote(trader, { lines: [box(vape), box(candy)], state: "NV" });
    expect(packless.statusCode).toBe(409);
    expect(packless.json()).toMatchObject({
      code: "not_sold_wholesale",
      message: expect.stringMatching(/^“.+” is not sold wholesale: it has no wholesale price or box size\./),
      fields: { "lines.1": "is not sold wholesale" },
    });
  });

  it("says when the order is under the wholesale minimum, and placing it is refused in words", async () => {
    await setMinimum(BOX * 2);
    try {
      const figures = await quoted(trader, { lines: [box(vape)], state: "NV" });
      expect(figures.wholesale?.minimumOrderCents).toBe(BOX * 2);
      expect(figures.wholesale?.problem).toBe(
        "A wholesale order must come to at least $518.52 before tax; this one comes to $259.26. Please add $259.26 more.",
      );
      const [orders, stock] = [await shop.rowCount("orders"), await productStock(shop.app, vape)];
      const refused = await order(trader, [box(vape)]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: "wholesale_minimum", message: figures.wholesale?.problem });
      expect(await shop.rowCount("orders")).toBe(orders);
      expect(await productStock(shop.app, vape)).toBe(stock);
      // Enough boxes meet it.
      expect((await quoted(trader, { lines: [box(vape, 2)], state: "NV" })).wholesale?.problem).toBeNull();
    } finally {
      await setMinimum(0);
    }
  });
});

describe("sales tax", () => {
  it("is not charged where the account's resale certificate is valid, and is charged elsewhere or once it expired", async () => {
    const nevada = await quoted(trader, { lines: [box(vape)], state: "NV" });
    expect(salesTax(nevada)).toEqual([]);
    expect(nevada.taxCents).toBe(0);
    // Licensed in Minnesota, but no certificate there.
    const minnesota = await quoted(trader, { lines: [box(vape)], state: "MN" });
    expect(minnesota.wholesale?.salesTaxExempt).toBe(false);
    expect(salesTax(minnesota)).toEqual([expect.objectContaining({ rateBasisPoints: 688 })]);
    expect(minnesota.taxCents).toBeGreaterThan(0);
    // The lapsed account's Nevada certificate ended yesterday.
    const expired = await quoted(lapsed, { lines: [box(vape)], state: "NV" });
    expect(expired.wholesale?.salesTaxExempt).toBe(false);
    expect(salesTax(expired)).toEqual([expect.objectContaining({ rateBasisPoints: 685 })]);
  });

  it("is left off the placed order in the certificate's state", async () => {
    const response = await order(trader, [box(vape)]);
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json() as Order;
    expect(placed.taxCents).toBe(0);
    expect(placed.lines[0]).toMatchObject({ unit: "box", unitPriceCents: BOX, piecesPerUnit: 6 });
  });
});

describe("the licence", () => {
  it("refuses checkout under an expired licence, naming it and the day it expired, and writes nothing", async () => {
    const [orders, stock] = [await shop.rowCount("orders"), await productStock(shop.app, vape)];
    const response = await order(lapsed, [box(vape)]);
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body.code).toBe("wholesale_licence");
    expect(body.message).toMatch(
      /^Your licence NV-TOB-0042 for Nevada expired on [A-Z][a-z]+ \d{1,2}, \d{4}, so a wholesale order cannot be shipped to Nevada until a renewed licence is approved\./,
    );
    expect(await shop.rowCount("orders")).toBe(orders);
    expect(await productStock(shop.app, vape)).toBe(stock);
    expect((await quoted(lapsed, { lines: [box(vape)], state: "NV" })).wholesale?.problem).toBe(body.message);
  });

  it("refuses a state with no licence on file", async () => {
    const response = await order(trader, [box(vape)], TEXAS);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "wholesale_licence",
      message: expect.stringMatching(
        /^Your wholesale account has no approved licence on file for Texas, so a wholesale order cannot be shipped to Texas\./,
      ),
    });
  });
});

describe("the resale certificate", () => {
  it("once expired, stops wholesale orders for its state until a renewal is approved, and writes nothing", async () => {
    const [orders, stock] = [await shop.rowCount("orders"), await productStock(shop.app, vape)];
    const response = await order(renewing, [box(vape)]);
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body.code).toBe("wholesale_certificate");
    expect(body.message).toMatch(
      /^Your resale certificate RC-NV-1 for Nevada expired on [A-Z][a-z]+ \d{1,2}, \d{4}, so a wholesale order cannot be shipped to Nevada until a renewed certificate is approved\./,
    );
    expect(await shop.rowCount("orders")).toBe(orders);
    expect(await productStock(shop.app, vape)).toBe(stock);
    expect((await quoted(renewing, { lines: [box(vape)], state: "NV" })).wholesale?.problem).toBe(body.message);
  });
});

describe("excise", () => {
  it("a wholesale order owes only the rules charged on wholesale; a retail order owes them all", async () => {
    const addTax = (change: Partial<TaxRuleInput>) =>
      shop.app.services.taxes.create(taxRuleInputSchema.parse(taxRule(change)), null);
    await addTax({ name: "Minnesota distributor tax", wholesale: "charged" });
    await addTax({ name: "Minnesota retail tax", basis: "retail_percent", rate: "10", wholesale: "exempt" });
    const excise = (figures: Pick<OrderQuote, "adjustments">) =>
      figures.adjustments.filter((adjustment) => adjustment.kind === "excise").map((adjustment) => adjustment.label);
    const wholesale = await quoted(trader, { lines: [box(vape)], state: "MN" });
    expect(excise(wholesale)).toEqual(["Minnesota distributor tax: $1.00 × 6"]);
    const shelf = await quoted(retail, { lines: [box(vape)], state: "MN" });
    expect(excise(shelf).sort()).toEqual([
      "Minnesota distributor tax: $1.00 × 6",
      expect.stringMatching(/^Minnesota retail tax: 10% of \$/),
    ]);
    const placed = await order(trader, [box(vape)], MINNESOTA);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(excise(placed.json() as Order)).toEqual(["Minnesota distributor tax: $1.00 × 6"]);
  });
});

describe("compliance", () => {
  it("Maine's ban on vape deliveries does not stop a licensed wholesale order, and still stops a retail one", async () => {
    const refused = await order(retail, [{ productId: vape, quantity: 1 }], MAINE);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("not_sold_there");
    const shelf = await quoted(retail, { lines: [{ productId: vape, quantity: 1 }], state: "ME" });
    expect(shelf.compliance?.lines[0]?.allowed).toBe(false);

    const licensed = await quoted(trader, { lines: [box(vape)], state: "ME" });
    expect(licensed.compliance?.lines[0]).toMatchObject({ allowed: true, reason: null });
    const placed = await order(trader, [box(vape)], MAINE);
    expect(placed.statusCode, placed.body).toBe(201);
  });
});

describe("the order", () => {
  it("keeps its channel, and staff see the licence it was placed under; a retail order has neither", async () => {
    const response = await order(trader, [box(vape)]);
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json() as Order;
    expect(placed.channel).toBe("wholesale");
    const staff = await shop.app.inject({ url: `/api/admin/orders/${placed.number}`, headers: { cookie: admin } });
    expect(staff.statusCode, staff.body).toBe(200);
    expect((staff.json() as AdminOrder).buyerLicence).toEqual({
      number: "NV-TOB-7781",
      state: "NV",
      expiresOn: "2099-12-31",
      businessName: "Corner Smoke Shop LLC",
    });
    const row = await shop.app.db.kysely
      .selectFrom("orders")
      .select(["channel", "wholesale_account_id"])
      .where("number", "=", placed.number)
      .executeTakeFirstOrThrow();
    expect(row.channel).toBe("wholesale");
    expect(row.wholesale_account_id).not.toBeNull();

    const shelf = await order(retail, [{ productId: vape, quantity: 1 }], TEXAS);
    expect(shelf.statusCode, shelf.body).toBe(201);
    const retailOrder = shelf.json() as Order;
    expect(retailOrder.channel).toBe("retail");
    const retailStaff = await shop.app.inject({
      url: `/api/admin/orders/${retailOrder.number}`,
      headers: { cookie: admin },
    });
    expect((retailStaff.json() as AdminOrder).buyerLicence).toBeNull();
  });
});
