import { lotNotFoundMessage, type User } from "@shop/shared";
import { TEST_SHIPPING_ADDRESS } from "@shop/shared/test-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, TEST_ADMIN_ENV } from "./test/forms.ts";
import { sellableProducts } from "./test/products.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";
import { PAGE_SERVICES, pageServices } from "./web-context.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
});
afterAll(() => shop.close());

describe("the pages' view of the services", () => {
  it("holds the listed methods only, and they work", async () => {
    const services = pageServices(shop.app.services);
    for (const [name, methods] of Object.entries(PAGE_SERVICES)) {
      expect(Object.keys(services[name as keyof typeof PAGE_SERVICES]).sort(), name).toEqual([...methods].sort());
    }
    expect(Object.keys(services).sort()).toEqual(Object.keys(PAGE_SERVICES).sort());
    expect((await services.settings.getPublic()).gateMinAge).toBe(18);
    await expect(services.coas.getBatch("NOPE-1")).rejects.toMatchObject({
      kind: "not_found",
      message: lotNotFoundMessage("NOPE-1"),
    });
  });

  it("reads the signed-in buyer's own orders only (My Orders and the order page)", async () => {
    const db = shop.app.db.kysely;
    const admin = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const buyerOf = async (id: string): Promise<User> => {
      const email = `${id}@shop.test`;
      await db
        .insertInto("users")
        .values({ ...admin, id, email, role: "customer", date_of_birth: "1990-05-01", email_verified_at: at })
        .execute();
      const common = { firstName: "Robin", lastName: "Hale", phone: null, createdAt: at };
      return { ...common, id, email, dateOfBirth: "1990-05-01", role: "customer", emailVerified: true };
    };
    const buyer = await buyerOf("page-buyer");
    const other = await buyerOf("page-other");
    const product = await sellableProducts(shop.app).select("id").where("stock", ">", 0).executeTakeFirstOrThrow();
    const { order } = await shop.app.services.checkout.place(buyer, "page-reads-key-1", {
      fulfilment: "ship",
      lines: [{ productId: product.id, variantId: product.id, unit: "piece", quantity: 1 }],
      shippingAddress: TEST_SHIPPING_ADDRESS,
      paymentMethodId: "zelle",
    });

    const { orders } = pageServices(shop.app.services);
    expect((await orders.list(buyer)).items).toEqual([
      {
        number: order.number,
        status: "awaiting_payment",
        totalCents: order.totalCents,
        createdAt: order.createdAt,
        itemCount: 1,
        payBy: order.payment.payBy,
      },
    ]);
    expect(await orders.get(buyer, order.number)).toEqual(order);
    expect((await orders.list(other)).items).toEqual([]);
    // Someone else's order is not found, which the order page's loader shows as its 404 page.
    await expect(orders.get(other, order.number)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("holds none of the staff's changes (the compiler refuses, and nothing is there)", () => {
    const services = pageServices(shop.app.services);
    // @ts-expect-error staff change settings through /api, from the dashboard
    expect(services.settings.update).toBeUndefined();
    // @ts-expect-error staff add lab certificates through /api, from the dashboard
    expect(services.coas.createCoa).toBeUndefined();
    // @ts-expect-error staff ship orders through /api, from the dashboard
    expect(services.orders.ship).toBeUndefined();
    // @ts-expect-error staff read the contact inbox through /api, from the dashboard
    expect(services.contact.list).toBeUndefined();
    // @ts-expect-error the pages have no audit service at all
    expect(services.audit).toBeUndefined();
    expect(Object.isFrozen(services) && Object.isFrozen(services.catalog)).toBe(true);
  });
});
