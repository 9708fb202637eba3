import type { Order } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app-type.ts";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { productStock, SHIPPING_ADDRESS, sellableProducts, setOwnVariants } from "../../test/products.ts";
import { anotherInstance as anotherInstanceOf, createTestApp, type TestApp } from "../../test/test-app.ts";
import { CANCEL_UNPAID_JOB } from "../fulfilment/unpaid-order-job.ts";
import { createJobsRepository } from "./repository.ts";
import { createJobsService } from "./service.ts";

/** The first instance; the others are more app instances on its database (SQLite file or PostgreSQL). */
let first: TestApp;
const others: App[] = [];
let buyer = "";
let productId = "";
let keyCount = 0;

/** Another instance of the shop on the same database (SQLite file or PostgreSQL). */
async function anotherInstance(): Promise<App> {
  const app = await anotherInstanceOf(first, TEST_ADMIN_ENV);
  others.push(app);
  return app;
}

beforeAll(async () => {
  first = await createTestApp({ env: TEST_ADMIN_ENV });
  await addAccount(first.app, TEST_ADMIN, { id: "job-buyer", email: "job-buyer@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(first.app, "job-buyer@shop.test", TEST_ADMIN.password);
  // A product anyone may buy (no hemp the federal limit may bar), the same one each run.
  const product = await sellableProducts(first.app).select("id").orderBy("id").executeTakeFirstOrThrow();
  productId = product.id;
  await setOwnVariants(first.app.db.kysely, { stock: 100 }, [productId]);
});
afterAll(async () => {
  for (const app of others) await app.close();
  await first.close();
});

const stockOf = () => productStock(first.app, productId);

/** An order placed ten days ago and still unpaid: the job's work. */
async function oldUnpaidOrder(quantity: number): Promise<Order> {
  const response = await first.app.inject({
    method: "POST",
    url: "/api/Order",
    headers: { cookie: buyer, "idempotency-key": `job-test-${process.pid}-${++keyCount}` },
    payload: { lines: [{ productId, quantity }], shippingAddress: SHIPPING_ADDRESS, paymentMethodId: "bank-transfer" },
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json() as Order;
  const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3_600_000).toISOString();
  await first.app.db.kysely
    .updateTable("orders")
    .set({ created_at: tenDaysAgo })
    .where("number", "=", order.number)
    .execute();
  return order;
}

const statusOf = async (number: string) =>
  (
    await first.app.db.kysely
      .selectFrom("orders")
      .select("status")
      .where("number", "=", number)
      .executeTakeFirstOrThrow()
  ).status;

const cancellations = async (number: string) =>
  first.app.db.kysely
    .selectFrom("stock_movements")
    .select("change")
    .where("order_number", "=", number)
    .where("kind", "=", "cancellation")
    .execute();

describe("the unpaid-order cancel runs on one instance at a time", () => {
  it("a second instance skips while the first holds the lease, and one started then skips its start-up run too", async () => {
    const second = await anotherInstance();
    const order = await oldUnpaidOrder(3);
    const before = await stockOf();

    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const holding = first.app.services.jobs.exclusively(CANCEL_UNPAID_JOB, 60_000, async () => {
      await gate;
      return first.app.services.orders.cancelUnpaid();
    });
    // Wait until the first instance holds the lease.
    for (let tries = 0; ; tries++) {
      const lease = await createJobsRepository(first.app.db.kysely).find(CANCEL_UNPAID_JOB);
      if (lease?.holder === first.app.services.jobs.instance) break;
      if (tries > 200) throw new Error("the first instance never took the lease");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const skipped = await second.services.jobs.exclusively(CANCEL_UNPAID_JOB, 60_000, () =>
      second.services.orders.cancelUnpaid(),
    );
    expect(skipped).toEqual({ ran: false });
    // A third instance starting now runs the job at start-up (app.ts): it finds the lease held too.
    const third = await anotherInstance();
    await third.ready();
    await third.services.background.settled();
    expect(await statusOf(order.number)).toBe("awaiting_payment");
    expect(await stockOf()).toBe(before);

    open();
    expect(await holding).toEqual({ ran: true, result: 1 });
    expect(await statusOf(order.number)).toBe("cancelled");
    expect(await stockOf()).toBe(before + 3);
    expect(await cancellations(order.number)).toEqual([{ change: 3 }]);

    // Given back: the next run, on any instance, may take it.
    const next = await second.services.jobs.exclusively(CANCEL_UNPAID_JOB, 60_000, () =>
      second.services.orders.cancelUnpaid(),
    );
    expect(next).toEqual({ ran: true, result: 0 });
  });

  it("instances racing to run it: the stock comes back exactly once", async () => {
    const [second, third] = [others[0] as App, others[1] as App];
    const order = await oldUnpaidOrder(2);
    const before = await stockOf();
    const runs = await Promise.all(
      [first.app, second, third, first.app, second].map((app) =>
        app.services.jobs.exclusively(CANCEL_UNPAID_JOB, 60_000, () => app.services.orders.cancelUnpaid()),
      ),
    );
    const cancelled = runs.map((run) => (run.ran ? run.result : 0));
    expect(cancelled.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await stockOf()).toBe(before + 2);
    expect(await cancellations(order.number)).toEqual([{ change: 2 }]);
  });

  it("a lease left by an instance that died runs out, and another instance takes the job then", async () => {
    const repository = createJobsRepository(first.app.db.kysely);
    const now = Date.now();
    const crashed = new Date(now + 60_000).toISOString();
    expect(await repository.claim("lease-test", "crashed-instance", new Date(now).toISOString(), crashed)).toBe(true);
    const at = (ms: number) => createJobsService(repository, { now: () => new Date(ms) });
    expect(await at(now + 59_000).exclusively("lease-test", 60_000, async () => "ran")).toEqual({ ran: false });
    expect(await at(now + 61_000).exclusively("lease-test", 60_000, async () => "ran")).toEqual({
      ran: true,
      result: "ran",
    });
    // Given back after the run, and a task that fails gives it back too.
    const failing = at(now + 62_000).exclusively("lease-test", 60_000, async () => {
      throw new Error("job failed");
    });
    await expect(failing).rejects.toThrow("job failed");
    expect(await at(now + 62_000).exclusively("lease-test", 60_000, async () => 2)).toEqual({ ran: true, result: 2 });
  });
});
