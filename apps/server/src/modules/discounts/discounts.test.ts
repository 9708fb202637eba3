import type { Discount, DiscountInput, DiscountList, Order, OrderQuote } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { postOrder } from "../../test/orders.ts";
import { sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let admin = "";
let buyers: string[] = [];
/** Two sellable products in different categories, priced by the piece. */
let first: { id: string; categoryId: string; cents: number };
let second: { id: string; categoryId: string; cents: number };

const staff = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

async function createCode(input: Partial<DiscountInput> & { code: string }): Promise<Discount> {
  const response = await staff("POST", "/api/admin/discounts", { kind: "percent", value: 10, ...input });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Discount;
}

const quote = (code: string | undefined, lines = [{ productId: first.id, quantity: 1 }], cookie?: string) =>
  shop.app.inject({
    method: "POST",
    url: "/api/cart/quote",
    headers: cookie ? { cookie } : {},
    payload: { lines, state: "TX", ...(code ? { discountCode: code } : {}) },
  });

const place = (cookie: string, code: string, lines = [{ productId: first.id, quantity: 1 }]) =>
  postOrder(shop.app, cookie, { lines, discountCode: code });

const setStock = (id: string, stock: number) => setOwnVariants(shop.app.db.kysely, { stock }, [id]);

const usedCount = async (code: string) =>
  (
    await shop.app.db.kysely
      .selectFrom("discounts")
      .where("code", "=", code)
      .select("used_count")
      .executeTakeFirstOrThrow()
  ).used_count;

const day = (offset: number) => addDays(dayOf(new Date()), offset);

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  admin = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  buyers = [];
  for (let n = 1; n <= 4; n++) {
    await addAccount(shop.app, TEST_ADMIN, {
      id: `discount-buyer-${n}`,
      email: `d${n}@shop.test`,
      dateOfBirth: "1990-01-01",
    });
    buyers.push(await loginCookie(shop.app, `d${n}@shop.test`, TEST_ADMIN.password));
  }
  const rows = await sellableProducts(shop.app)
    .where("stock", ">", 0)
    .select(["id", "master_category_id", "selling_price_pcs_cents"])
    .orderBy("id")
    .execute();
  const allowed = [];
  for (const row of rows) {
    const answer = (await quote(undefined, [{ productId: row.id, quantity: 1 }])).json() as OrderQuote;
    if (answer.compliance?.lines[0]?.allowed) allowed.push(row);
  }
  const a = allowed[0];
  const b = allowed.find((row) => row.master_category_id !== a?.master_category_id);
  if (!a || !b) throw new Error("the demo shop needs two sellable products of two categories");
  first = { id: a.id, categoryId: a.master_category_id, cents: a.selling_price_pcs_cents ?? 0 };
  second = { id: b.id, categoryId: b.master_category_id, cents: b.selling_price_pcs_cents ?? 0 };
  await setStock(first.id, 1000);
  await setStock(second.id, 1000);
  await shop.app.services.settings.update({ salesTaxBasisPoints: { TX: 625 } });
});
afterAll(() => shop.close());

describe("staff's discount codes", () => {
  it("creates, lists, changes and turns off a code, each change in the audit log", async () => {
    const created = await createCode({
      code: " spring-10 ",
      description: "Spring sale",
      categoryIds: [first.categoryId],
    });
    expect(created).toMatchObject({ code: "SPRING-10", kind: "percent", value: 10, status: "active", usedCount: 0 });
    const list = (await staff("GET", "/api/admin/discounts?q=spring")).json() as DiscountList;
    expect(list.items.map((item) => item.code)).toEqual(["SPRING-10"]);
    const changed = await staff("PUT", `/api/admin/discounts/${created.id}`, {
      code: "SPRING-10",
      kind: "fixed",
      value: 500,
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ kind: "fixed", value: 500, status: "inactive", categoryIds: [] });
    const off = (await staff("GET", "/api/admin/discounts?status=inactive")).json() as DiscountList;
    expect(off.items.map((item) => item.code)).toContain("SPRING-10");
    const entries = await shop.app.db.kysely
      .selectFrom("audit_entries")
      .where("kind", "=", "discount")
      .where("subject_id", "=", created.id)
      .select(["action", "before_json", "after_json"])
      .orderBy("at")
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(["created", "turned off"]);
    expect(JSON.parse(entries[1]?.after_json ?? "{}")).toMatchObject({ discount: "$5.00 off", active: false });
  });

  it("refuses a taken code, a percentage over 100 and an end before the start, beside the field", async () => {
    await createCode({ code: "TAKEN" });
    const again = await staff("POST", "/api/admin/discounts", { code: "taken", kind: "percent", value: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ code: "is already used by another discount" });
    const over = await staff("POST", "/api/admin/discounts", { code: "OVER", kind: "percent", value: 150 });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.value).toMatch(/from 1 to 100/);
    const backwards = await staff("POST", "/api/admin/discounts", {
      code: "BACK",
      kind: "percent",
      value: 5,
      startsOn: day(5),
      endsOn: day(1),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.endsOn).toMatch(/on or after the start/);
    expect(await shop.rowCount("discounts")).toBe(2);
  });

  it("deletes a code no order used, and keeps one that was used", async () => {
    const unused = await createCode({ code: "UNUSED" });
    expect((await staff("DELETE", `/api/admin/discounts/${unused.id}`)).statusCode).toBe(204);
    expect((await staff("GET", `/api/admin/discounts/${unused.id}`)).statusCode).toBe(404);
    const used = await createCode({ code: "USEDONCE" });
    expect((await place(buyers[0] as string, "USEDONCE")).statusCode).toBe(201);
    const refused = await staff("DELETE", `/api/admin/discounts/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Turn it off instead/);
  });
});

describe("a code in the cart and at checkout", () => {
  it("takes a percentage off the eligible lines' goods only, before tax, in the quote and the order", async () => {
    await createCode({ code: "FIRSTCAT", kind: "percent", value: 20, categoryIds: [first.categoryId] });
    const lines = [
      { productId: first.id, quantity: 2 },
      { productId: second.id, quantity: 1 },
    ];
    const answer = (await quote("firstcat", lines)).json() as OrderQuote;
    const saved = Math.round((2 * first.cents * 20) / 100);
    const subtotal = 2 * first.cents + second.cents;
    expect(answer.discount).toEqual({ code: "FIRSTCAT", refusal: null });
    expect(answer.discountCents).toBe(saved);
    expect(answer.subtotalCents).toBe(subtotal);
    expect(answer.taxCents).toBe(Math.round(((subtotal - saved) * 625) / 10_000));
    expect(answer.totalCents).toBe(subtotal - saved + answer.shippingCents + answer.taxCents);

    const placed = await place(buyers[1] as string, "firstcat", lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order).toMatchObject({ discountCode: "FIRSTCAT", discountCents: saved, subtotalCents: subtotal });
    expect(order.totalCents).toBe(answer.totalCents);
    const mine = (
      await shop.app.inject({
        method: "GET",
        url: `/api/account/orders/${order.number}`,
        headers: { cookie: buyers[1] },
      })
    ).json() as Order;
    expect(mine).toMatchObject({ discountCode: "FIRSTCAT", discountCents: saved });
    // The order e-mail lists the discount among its totals.
    const letter = await shop.app.db.kysely
      .selectFrom("mail_outbox")
      .where("subject", "like", `%${order.number}%`)
      .select("text_body")
      .executeTakeFirstOrThrow();
    expect(letter.text_body).toContain("Discount (FIRSTCAT)");
    expect(letter.text_body).toContain(`−$${(saved / 100).toFixed(2)}`);
  });

  it("takes a fixed sum off, at most the eligible goods", async () => {
    await createCode({ code: "BIGFIXED", kind: "fixed", value: 100_000, productIds: [second.id] });
    const answer = (await quote("BIGFIXED", [{ productId: second.id, quantity: 1 }])).json() as OrderQuote;
    expect(answer.discountCents).toBe(second.cents);
    expect(answer.taxCents).toBe(0);
  });

  it.each([
    ["an unknown code", "NOSUCH", {}, /There is no discount code “NOSUCH”/],
    ["a code turned off", "OFFCODE", { active: false }, /no longer active/],
    ["a code not started", "LATER", { startsOn: day(3) }, /can be used from/],
    ["an expired code", "GONE", { endsOn: day(-2) }, /expired on/],
    [
      "a cart below the minimum",
      "MIN",
      { minSubtotalCents: 10_000_000 },
      /needs \$100,000\.00 of goods; your cart has/,
    ],
    ["a cart with nothing eligible", "OTHERCAT", { categoryIds: ["no-such"] }, /does not apply to anything/],
  ])(
    "refuses %s in words, saving nothing; placing it is refused beside the field",
    async (_name, code, terms, words) => {
      if (code !== "NOSUCH") {
        const row = await createCode({ code });
        if (code === "OTHERCAT") {
          // A category the demo shop has, which the first product is not in.
          await staff("PUT", `/api/admin/discounts/${row.id}`, {
            code,
            kind: "percent",
            value: 10,
            categoryIds: [second.categoryId],
          });
        } else {
          await staff("PUT", `/api/admin/discounts/${row.id}`, { code, kind: "percent", value: 10, ...terms });
        }
      }
      const answer = (await quote(code)).json() as OrderQuote;
      expect(answer.discount?.refusal).toMatch(words);
      expect(answer.discountCents).toBe(0);
      const before = await shop.rowCount("orders");
      const placed = await place(buyers[2] as string, code);
      expect(placed.statusCode).toBe(400);
      expect(placed.json().fields.discountCode).toMatch(words);
      expect(await shop.rowCount("orders")).toBe(before);
    },
  );

  it("refuses a code used up, and tells a signed-in buyer their own limit in the quote", async () => {
    await createCode({ code: "ONEEACH", perBuyerLimit: 1 });
    expect((await place(buyers[3] as string, "ONEEACH")).statusCode).toBe(201);
    const mine = (await quote("ONEEACH", undefined, buyers[3])).json() as OrderQuote;
    expect(mine.discount?.refusal).toBe("You have already used the code “ONEEACH”.");
    const anonymous = (await quote("ONEEACH")).json() as OrderQuote;
    expect(anonymous.discount?.refusal).toBeNull();
    await createCode({ code: "ONCE", usageLimit: 1 });
    expect((await place(buyers[3] as string, "ONCE")).statusCode).toBe(201);
    expect(((await quote("ONCE")).json() as OrderQuote).discount?.refusal).toMatch(/used as many times as it may be/);
  });
});

describe("a code's limits hold under concurrent orders", () => {
  it("20 concurrent checkouts against a code with a limit of 5: exactly 5 orders use it", async () => {
    await createCode({ code: "RUSH5", usageLimit: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => place(buyers[n % buyers.length] as string, "RUSH5")),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 400)).toHaveLength(15);
    expect(await usedCount("RUSH5")).toBe(5);
    const orders = await shop.app.db.kysely
      .selectFrom("orders")
      .where("discount_code", "=", "RUSH5")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(5);
  });

  it("a buyer's 10 concurrent checkouts against a limit of 2 per buyer: exactly 2 use it; another buyer still may", async () => {
    await createCode({ code: "TWOEACH", perBuyerLimit: 2 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(buyers[0] as string, "TWOEACH")));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json().fields.discountCode).toMatch(/already used the code “TWOEACH” 2 times/);
    expect((await place(buyers[1] as string, "TWOEACH")).statusCode).toBe(201);
    expect(await usedCount("TWOEACH")).toBe(3);
  });

  it("a cancelled order gives its use back, once", async () => {
    await createCode({ code: "CANCELME", usageLimit: 1 });
    const placed = (await place(buyers[2] as string, "CANCELME")).json() as Order;
    expect(await usedCount("CANCELME")).toBe(1);
    const cancel = () =>
      shop.app.inject({
        method: "POST",
        url: `/api/account/orders/${placed.number}/cancel`,
        headers: { cookie: buyers[2] },
      });
    await Promise.all([cancel(), cancel()]);
    expect(await usedCount("CANCELME")).toBe(0);
    const again = await place(buyers[2] as string, "CANCELME");
    expect(again.statusCode, again.body).toBe(201);
    expect(await usedCount("CANCELME")).toBe(1);
  });
});
