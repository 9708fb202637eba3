import type { Order } from "@shop/shared";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { placeOrder } from "../../test/orders.ts";
import { sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
let buyer = "";
beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  await addAccount(shop.app, TEST_ADMIN, {
    id: "adjusted-buyer",
    email: "adjusted@shop.test",
    dateOfBirth: "1990-05-01",
  });
  buyer = await loginCookie(shop.app, "adjusted@shop.test", TEST_ADMIN.password);
  const staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const code = await shop.app.inject({
    method: "POST",
    url: "/api/admin/discounts",
    headers: { cookie: staff },
    payload: { code: "MOVE15", kind: "percent", value: 15 },
  });
  expect(code.statusCode, code.body).toBe(201);
  await shop.app.services.settings.update({ salesTaxBasisPoints: { TX: 625, NV: 685 } });
});
afterAll(() => shop.close());

const THIS = "2026-11-29-036-order-adjustments";
const figures = (order: Order) => ({
  subtotalCents: order.subtotalCents,
  discountCents: order.discountCents,
  shippingCents: order.shippingCents,
  taxCents: order.taxCents,
  totalCents: order.totalCents,
  taxBasisPoints: order.taxBasisPoints,
  adjustments: order.adjustments.map(({ kind, label, amountCents }) => ({ kind, label, amountCents })),
});

describe("migration 036 (an order's money as adjustments)", () => {
  it("keeps every order's figures, down to migration 011's columns and up to adjustments again", async () => {
    const [cheap, dear] = (
      await sellableProducts(shop.app).select("id").where("stock", ">=", 20).limit(2).execute()
    ).map((row) => row.id) as [string, string];
    await setOwnVariants(shop.app.db.kysely, { selling_price_pcs_cents: 1299 }, [cheap]);
    await setOwnVariants(shop.app.db.kysely, { selling_price_pcs_cents: 6050 }, [dear]);
    const placed = [
      // Shipped with a discount and tax; shipped free over $100; picked up at the store.
      await placeOrder(shop.app, buyer, { lines: [{ productId: cheap, quantity: 3 }], discountCode: "MOVE15" }),
      await placeOrder(shop.app, buyer, { lines: [{ productId: dear, quantity: 2 }] }),
      await placeOrder(shop.app, buyer, {
        lines: [{ productId: cheap, quantity: 1 }],
        fulfilment: "pickup",
        shippingAddress: undefined,
      }),
    ];
    const [discounted, free, pickup] = placed as [Order, Order, Order];
    expect(discounted).toMatchObject({ discountCents: 585, shippingCents: 1000, taxCents: 207, totalCents: 4519 });
    expect(free).toMatchObject({ shippingCents: 0, totalCents: 12100 + 756 });
    expect(pickup.adjustments.map((adjustment) => adjustment.label)).toEqual(["Pickup in store", "Sales tax"]);

    const db = shop.app.db.kysely;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    expect((await migrator.migrateTo(names[names.indexOf(THIS) - 1] as string)).error).toBeUndefined();
    const columns = await sql<Record<string, number | string>>`
      select number, subtotal_cents, discount_cents, shipping_cents, tax_cents, tax_basis_points, total_cents
      from orders where number in (${sql.join(placed.map((order) => order.number))}) order by number
    `.execute(db);
    expect(columns.rows).toEqual(
      [...placed]
        .sort((a, b) => a.number.localeCompare(b.number))
        .map((order) => ({
          number: order.number,
          // Migration 023's meaning: the goods after the discount, so that 011's CHECK holds.
          subtotal_cents: order.subtotalCents - order.discountCents,
          discount_cents: order.discountCents,
          shipping_cents: order.shippingCents,
          tax_cents: order.taxCents,
          tax_basis_points: order.taxBasisPoints,
          total_cents: order.totalCents,
        })),
    );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    for (const order of placed) {
      const again = await shop.app.inject({ url: `/api/account/orders/${order.number}`, headers: { cookie: buyer } });
      expect(figures(again.json())).toEqual(figures(order));
    }
  });

  it("holds every order's total to its lines plus its adjustments: checked here on both engines, by PostgreSQL at commit", async () => {
    const [product] = (await sellableProducts(shop.app).select("id").where("stock", ">=", 5).limit(1).execute()).map(
      (row) => row.id,
    ) as [string];
    const order = await placeOrder(shop.app, buyer, { lines: [{ productId: product, quantity: 2 }] });
    const db = shop.app.db.kysely;
    const mismatched = await sql<{ number: string }>`
      select o.number from orders o
      where o.total_cents <> coalesce((select sum(l.line_total_cents) from order_lines l where l.order_id = o.id), 0)
        + coalesce((select sum(a.amount_cents) from order_adjustments a where a.order_id = o.id), 0)
    `.execute(db);
    expect(mismatched.rows).toEqual([]);
    if (shop.app.db.engine !== "postgres") return;
    const before = await db
      .selectFrom("orders")
      .select("total_cents")
      .where("number", "=", order.number)
      .executeTakeFirst();
    await expect(
      db.transaction().execute((trx) =>
        trx
          .updateTable("orders")
          .set({ total_cents: order.totalCents + 1 })
          .where("number", "=", order.number)
          .execute(),
      ),
    ).rejects.toThrow(/lines and adjustments come to/);
    await expect(
      db.transaction().execute((trx) =>
        trx
          .deleteFrom("order_adjustments")
          .where("kind", "=", "shipping")
          .where("order_id", "in", (eb) => eb.selectFrom("orders").select("id").where("number", "=", order.number))
          .execute(),
      ),
    ).rejects.toThrow(/lines and adjustments come to/);
    expect(
      await db.selectFrom("orders").select("total_cents").where("number", "=", order.number).executeTakeFirst(),
    ).toEqual(before);
  });
});
