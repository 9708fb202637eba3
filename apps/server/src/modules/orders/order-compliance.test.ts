import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { postOrder } from "../../test/orders.ts";
import { productOfClass, productStock, SHIPPING_ADDRESS } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// Issue 15 item 4: the server refuses a line that a jurisdiction rule bans when the order is
// placed, whatever the browser did, naming the product, the rule's reason and its source; the
// buyer must be as old as the highest minimum age of the lines. The demo shop's starter rules
// (example data) ban kratom in Alabama and in part of San Diego by ZIP code, and set 21 for vapes
// across the United States.

let shop: TestApp;
let adult = "";
let nineteen = "";
let kratom = "";
let vape = "";

const place = (cookie: string, lines: { productId: string; quantity: number }[], address: object = SHIPPING_ADDRESS) =>
  postOrder(shop.app, cookie, { lines, shippingAddress: address });

const ALABAMA = { ...SHIPPING_ADDRESS, city: "Birmingham", state: "AL", zip: "35203" };

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  const today = new Date();
  const nineteenYearsAgo = `${today.getUTCFullYear() - 19}-01-01`;
  await addAccount(shop.app, TEST_ADMIN, { id: "adult", email: "adult@shop.test", dateOfBirth: "1990-05-01" });
  await addAccount(shop.app, TEST_ADMIN, { id: "young", email: "young@shop.test", dateOfBirth: nineteenYearsAgo });
  adult = await loginCookie(shop.app, "adult@shop.test", TEST_ADMIN.password);
  nineteen = await loginCookie(shop.app, "young@shop.test", TEST_ADMIN.password);
  kratom = await productOfClass(shop.app, "KRATOM");
  vape = await productOfClass(shop.app, "ENDS");
});
afterAll(() => shop.close());

describe("placing an order checks the jurisdiction rules again on the server", () => {
  it("refuses kratom shipped to Alabama, naming the product, the reason and the rule's source, and writes nothing", async () => {
    const [orders, lines, stock] = [
      await shop.rowCount("orders"),
      await shop.rowCount("order_lines"),
      await productStock(shop.app, kratom),
    ];
    const response = await place(adult, [{ productId: kratom, quantity: 1 }], ALABAMA);
    expect(response.statusCode, response.body).toBe(409);
    const body = response.json();
    expect(body.code).toBe("not_sold_there");
    expect(body.message).toMatch(
      /^“.+” cannot be sold to this address: Kratom is not sold to Alabama\. \(rule source: https:\/\/www\.alabamapublichealth\.gov\/\)/,
    );
    expect(body.fields).toEqual({ "lines.0": "Kratom is not sold to Alabama." });
    expect(await shop.rowCount("orders")).toBe(orders);
    expect(await shop.rowCount("order_lines")).toBe(lines);
    expect(await productStock(shop.app, kratom)).toBe(stock);
  });

  it("names the banned line of a cart whose other lines could ship, and places none of them", async () => {
    const orders = await shop.rowCount("orders");
    const response = await place(
      adult,
      [
        { productId: vape, quantity: 1 },
        { productId: kratom, quantity: 2 },
      ],
      ALABAMA,
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().fields).toEqual({ "lines.1": "Kratom is not sold to Alabama." });
    expect(await shop.rowCount("orders")).toBe(orders);
  });

  it("ships the same kratom to Texas", async () => {
    const response = await place(adult, [{ productId: kratom, quantity: 1 }]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it("follows a ZIP-code ban: refused to a listed San Diego ZIP code, shipped to another California one", async () => {
    const sanDiego = { ...SHIPPING_ADDRESS, city: "San Diego", state: "CA", zip: "92101" };
    const refused = await place(adult, [{ productId: kratom, quantity: 1 }], sanDiego);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().fields).toEqual({
      "lines.0": "Kratom is not sold to ZIP codes of City of San Diego (part), CA.",
    });
    const shipped = await place(adult, [{ productId: kratom, quantity: 1 }], {
      ...sanDiego,
      city: "Los Angeles",
      zip: "90012",
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
  });

  it("asks the highest minimum age of the lines: with the shop's purchase age at 18, a 19-year-old may buy kratom, not a vape (21)", async () => {
    await shop.app.services.settings.update({ purchaseMinAge: 18 });
    try {
      const refused = await place(nineteen, [
        { productId: kratom, quantity: 1 },
        { productId: vape, quantity: 1 },
      ]);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: "under_age",
        fields: { "lines.1": "is sold to buyers 21 or older" },
      });
      expect(refused.json().message).toMatch(/^You must be 21 or older to buy “.+”\./);
      const placed = await place(nineteen, [{ productId: kratom, quantity: 1 }]);
      expect(placed.statusCode, placed.body).toBe(201);
    } finally {
      await shop.app.services.settings.update({ purchaseMinAge: 21 });
    }
  });
});
