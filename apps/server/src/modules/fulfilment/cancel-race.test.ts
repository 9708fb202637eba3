import type { Order } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, placeOrder } from "../../test/orders.ts";
import { productStock, sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * A buyer's cancel and a staff cancel of one order at the same moment (docs/decisions/082): on
 * PostgreSQL they took the order's and the products' rows in opposite orders and one died of a
 * deadlock (500). Now one wins, the other is told 409, and the stock goes back once.
 */
const ROUNDS = 25;

let shop: TestApp;
let buyer = "";
let staff = "";
let products: string[] = [];

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  await addAccount(shop.app, TEST_ADMIN, { id: "race-buyer", email: "race@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(shop.app, "race@shop.test", TEST_ADMIN.password);
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const rows = await sellableProducts(shop.app).select("id").orderBy("id").limit(3).execute();
  products = rows.map((row) => row.id);
  await setOwnVariants(shop.app.db.kysely, { stock: 10_000 }, products);
});
afterAll(() => shop.close());

const stocks = () => Promise.all(products.map((id) => productStock(shop.app, id)));

describe("a buyer and staff cancelling one order at once", () => {
  it(`never fails with a 5xx: one cancel wins, the other is a 409, the stock goes back once (${ROUNDS} rounds)`, async () => {
    const before = await stocks();
    const statuses: number[][] = [];
    const refusals: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Lines in both orders of the products, so that no order of taking them is the natural one.
      const ids = round % 2 === 0 ? products : [...products].reverse();
      const order: Order = await placeOrder(shop.app, buyer, {
        lines: ids.map((productId, n) => ({ productId, quantity: n + 1 })),
      });
      const answers = await Promise.all([
        shop.app.inject({
          method: "POST",
          url: `/api/account/orders/${order.number}/cancel`,
          headers: { cookie: buyer },
        }),
        orderAction(shop.app, staff, order.number, "status", { action: "cancel" }),
      ]);
      statuses.push(answers.map((answer) => answer.statusCode).sort());
      refusals.push(...answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message));
    }
    expect(statuses).toEqual(Array.from({ length: ROUNDS }, () => [200, 409]));
    // The one that lost is told what the order is now.
    for (const message of refusals) expect(message).toMatch(/ is cancelled/);
    expect(await stocks()).toEqual(before);
  });
});
