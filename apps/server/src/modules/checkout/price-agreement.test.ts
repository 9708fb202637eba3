import type { Order, OrderQuote } from "@shop/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { placeOrder } from "../../test/orders.ts";
import { SHIPPING_ADDRESS, sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let buyer = "";
let products: string[] = [];
const CODES = ["AGREE10", "AGREE7OFF", "AGREEONE"];

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  await addAccount(shop.app, TEST_ADMIN, { id: "agree-buyer", email: "agree@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(shop.app, "agree@shop.test", TEST_ADMIN.password);
  const staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  products = (
    await sellableProducts(shop.app)
      .where("delivery_available", "=", 1)
      .where("in_store_stock_available", "=", 1)
      .select("id")
      .limit(4)
      .execute()
  ).map((row) => row.id);
  expect(products).toHaveLength(4);
  // Enough stock for every run, box prices on two of them, prices that round.
  for (const [index, id] of products.entries()) {
    await setOwnVariants(
      shop.app.db.kysely,
      {
        stock: 100_000,
        selling_price_pcs_cents: [1999, 333, 4599, 12_345][index] as number,
        selling_price_box_cents: index < 2 ? 17_999 : null,
        pcs_per_pack: index < 2 ? 5 : null,
        pack_per_box: index < 2 ? 2 : null,
      },
      [id],
    );
  }
  shop.app.services.catalog.forgetLists();
  for (const payload of [
    { code: "AGREE10", kind: "percent", value: 10 },
    { code: "AGREE7OFF", kind: "fixed", value: 700 },
    { code: "AGREEONE", kind: "percent", value: 25, productIds: [products[1]] },
  ]) {
    const created = await shop.app.inject({
      method: "POST",
      url: "/api/admin/discounts",
      headers: { cookie: staff },
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
  }
  await shop.app.services.settings.update({ salesTaxBasisPoints: { TX: 825, NV: 685 } });
});
afterAll(() => shop.close());

/** Every figure a buyer reads of a quote or an order. */
const money = (priced: OrderQuote | Order) => ({
  lines: priced.lines.map(({ productId, unit, quantity, unitPriceCents, lineTotalCents }) => ({
    productId,
    unit,
    quantity,
    unitPriceCents,
    lineTotalCents,
  })),
  subtotalCents: priced.subtotalCents,
  discountCents: priced.discountCents,
  shippingCents: priced.shippingCents,
  taxCents: priced.taxCents,
  exciseCents: priced.exciseCents,
  feesCents: priced.feesCents,
  totalCents: priced.totalCents,
  taxBasisPoints: priced.taxBasisPoints,
  adjustments: priced.adjustments,
});

const cart = fc.record({
  lines: fc.uniqueArray(
    fc
      .record({
        product: fc.integer({ min: 0, max: 3 }),
        box: fc.boolean(),
        quantity: fc.integer({ min: 1, max: 6 }),
      })
      // Only the first two are sold by the box.
      .map(({ product, box, quantity }) => ({ product, unit: box && product < 2 ? "box" : "piece", quantity })),
    { minLength: 1, maxLength: 4, selector: (line) => `${line.product}-${line.unit}` },
  ),
  code: fc.option(fc.constantFrom(...CODES), { nil: undefined }),
  fulfilment: fc.constantFrom("ship" as const, "pickup" as const),
});

describe("the quote, the placed order and the stored order", () => {
  it("agree on every line, adjustment and total, for random carts with discounts, tax, pickup and shipping", async () => {
    await fc.assert(
      fc.asyncProperty(cart, async ({ lines, code, fulfilment }) => {
        const orderLines = lines.map((line) => ({
          productId: products[line.product] as string,
          unit: line.unit,
          quantity: line.quantity,
        }));
        const discount = code === "AGREEONE" && !lines.some((line) => line.product === 1) ? undefined : code;
        const asked = await shop.app.inject({
          method: "POST",
          url: "/api/cart/quote",
          headers: { cookie: buyer },
          payload: {
            lines: orderLines,
            fulfilment,
            ...(fulfilment === "ship" ? { state: SHIPPING_ADDRESS.state } : {}),
            ...(discount ? { discountCode: discount } : {}),
          },
        });
        expect(asked.statusCode, asked.body).toBe(200);
        const quote = asked.json() as OrderQuote;
        expect(quote.discount?.refusal ?? null).toBeNull();
        const placed = await placeOrder(shop.app, buyer, {
          lines: orderLines,
          fulfilment,
          ...(fulfilment === "pickup" ? { shippingAddress: undefined } : {}),
          ...(discount ? { discountCode: discount } : {}),
        });
        const stored = await shop.app.inject({
          url: `/api/account/orders/${placed.number}`,
          headers: { cookie: buyer },
        });
        expect(money(placed)).toEqual(money(quote));
        expect(money(stored.json() as Order)).toEqual(money(quote));
        expect(quote.totalCents).toBe(
          quote.lines.reduce((sum, line) => sum + line.lineTotalCents, 0) +
            quote.adjustments.reduce((sum, adjustment) => sum + adjustment.amountCents, 0),
        );
      }),
      { numRuns: 25 },
    );
  });
});
