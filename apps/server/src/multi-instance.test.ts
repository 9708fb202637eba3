import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app-type.ts";
import { cancelUnpaidOrders } from "./modules/fulfilment/unpaid-order-job.ts";
import { addAccount, loginCookie, multipart, TEST_ADMIN, TEST_ADMIN_ENV } from "./test/forms.ts";
import { placeOrder } from "./test/orders.ts";
import { productStock, sellableProducts, setOwnVariants } from "./test/products.ts";
import { dropRedisKeys, redisAnswers, TEST_REDIS_URL, testRedisPrefix } from "./test/redis.ts";
import { anotherInstance, createTestApp, type TestApp } from "./test/test-app.ts";

/**
 * Three instances of the shop on one PostgreSQL database and one Redis, as three
 * servers behind a load balancer would run, behave as one shop. Each instance has its own data
 * folder, caches and memory; only the database and Redis are shared.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const hasRedis = onPostgres && (await redisAnswers());
if (!onPostgres) console.info("multi-instance.test: runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL)");

const prefix = testRedisPrefix();
const env = {
  ...TEST_ADMIN_ENV,
  REDIS_URL: TEST_REDIS_URL,
  REDIS_PREFIX: prefix,
  SESSION_SECRET: "multi-instance-test-secret-of-32-characters-or-more",
};
let first: TestApp;
let instances: App[] = [];
let staff = "";
let buyer = "";
let categoryId = "";
/** The instance a balancer would send the n-th request to. */
const on = (n: number) => instances[n % instances.length] as App;

/** The first product a buyer can have shipped (by id), with `stock` pieces. */
async function productWithStock(stock: number): Promise<{ id: string }> {
  const product = await sellableProducts(first.app).select("id").orderBy("id").executeTakeFirstOrThrow();
  await setOwnVariants(first.app.db.kysely, { stock }, [product.id]);
  return product;
}

/** An order of the buyer's, placed through the instance a balancer gives the n-th request. */
const place = (n: number, productId: string, quantity: number) =>
  placeOrder(on(n), buyer, { lines: [{ productId, quantity }] });

/** Until every instance answers that Redis works (each connects in the background as it starts). */
async function allReady(): Promise<void> {
  for (let tries = 0; ; tries++) {
    const answers = await Promise.all(instances.map((app) => app.inject("/api/health/ready")));
    if (answers.every((answer) => answer.statusCode === 200)) return;
    if (tries > 100) throw new Error(`not ready: ${answers.map((answer) => answer.body).join(" | ")}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  if (!hasRedis) return;
  first = await createTestApp({ env });
  instances = [first.app, await anotherInstance(first, env), await anotherInstance(first, env)];
  await allReady();
  await addAccount(first.app, TEST_ADMIN, {
    id: "multi-buyer",
    email: "multi-buyer@shop.test",
    dateOfBirth: "1990-05-01",
  });
  staff = await loginCookie(first.app, TEST_ADMIN.email, TEST_ADMIN.password);
  buyer = await loginCookie(first.app, "multi-buyer@shop.test", TEST_ADMIN.password);
  const category = await first.app.db.kysely.selectFrom("master_categories").select("id").executeTakeFirstOrThrow();
  categoryId = category.id;
}, 60_000);
afterAll(async () => {
  if (!hasRedis) return;
  for (const app of instances.slice(1)) await app.close();
  await first.close();
  await dropRedisKeys(prefix);
});

describe.skipIf(!hasRedis)("three instances on one PostgreSQL and one Redis", () => {
  it("count wrong passwords together: the 11th try from one address is refused on every instance", async () => {
    await addAccount(first.app, TEST_ADMIN, { id: "multi-guessed", email: "guessed@shop.test" });
    const attempt = (app: App, password: string, ip = "203.0.113.77") =>
      app.inject({
        method: "POST",
        url: "/api/Auth/login",
        remoteAddress: ip,
        payload: { email: "guessed@shop.test", password },
      });
    // Ten wrong passwords, spread over the three instances as a balancer would spread them.
    for (let i = 0; i < 10; i++) {
      const answer = await attempt(on(i), `wrong guess ${i}`);
      expect(answer.statusCode, `guess ${i + 1}`).toBe(401);
    }
    // Alone, each instance has seen at most four; together they have seen ten.
    for (const app of instances) {
      const refused = await attempt(app, TEST_ADMIN.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many wrong passwords\. Please wait/);
    }
    // The owner, from an address that has not guessed, still gets in on any instance.
    expect((await attempt(on(2), TEST_ADMIN.password, "198.51.100.20")).statusCode).toBe(200);
  });

  it("count contact messages together: the sixth from one address is refused wherever it lands", async () => {
    const message = { name: "Ann", email: "ann@example.com", message: "Do you ship to Ohio?" };
    const send = (app: App) =>
      app.inject({ method: "POST", url: "/api/contact", remoteAddress: "203.0.113.78", payload: message });
    for (let i = 0; i < 5; i++) expect((await send(on(i))).statusCode).toBe(201);
    for (const app of instances) expect((await send(app)).statusCode).toBe(429);
  });

  it("serve a price changed on one instance from the others within a second", async () => {
    const form = (price: string) => ({
      ProductName: "Harbour Mist 5K Peach",
      ProductType: "Disposable",
      Description: "A peach disposable.",
      MasterCategoryId: categoryId,
      Brand: "Harbour",
      Flavour: "Peach",
      NicotineStrength: "5%",
      SellingPricePCS: price,
      DeliveryAvailable: "on",
      Stock: "40",
    });
    const created = await on(0).inject({
      method: "POST",
      url: "/api/Product",
      ...multipart(form("19.99"), staff),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const listedPrice = async (app: App) => {
      // Newest first: the new product heads the first page.
      const list = await app.inject("/api/Product");
      const item = (list.json().items as { id: string; sellingPricePcsCents: number }[]).find((p) => p.id === id);
      return item?.sellingPricePcsCents;
    };
    // The other instances now hold the list in their caches.
    for (const app of instances) expect(await listedPrice(app)).toBe(1999);

    const changed = await on(0).inject({
      method: "PUT",
      url: `/api/Product/${id}`,
      ...multipart(form("17.49"), staff),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const changedAt = Date.now();
    for (const app of instances.slice(1)) {
      while ((await listedPrice(app)) !== 1749) {
        expect(Date.now() - changedAt, "the new price within a second").toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });

  it("show an order placed through one instance on every instance", async () => {
    const product = await productWithStock(100);
    const order = await place(1, product.id, 2);
    for (const app of instances) {
      const mine = await app.inject({ url: "/api/account/orders", headers: { cookie: buyer } });
      expect(mine.json().items.map((item: { number: string }) => item.number)).toContain(order.number);
      const staffList = await app.inject({ url: `/api/admin/orders?q=${order.number}`, headers: { cookie: staff } });
      expect(staffList.statusCode, staffList.body).toBe(200);
      expect(staffList.json().items.map((item: { number: string }) => item.number)).toEqual([order.number]);
    }
    expect(await productStock(first.app, product.id)).toBe(98);
  });

  it("run the unpaid-order cancel on one instance only, which cancels each order once", async () => {
    const product = await productWithStock(500);
    const numbers: string[] = [];
    for (let i = 0; i < 20; i++) numbers.push((await place(i, product.id, 1)).number);
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3_600_000).toISOString();
    await first.app.db.kysely
      .updateTable("orders")
      .set({ created_at: tenDaysAgo })
      .where("number", "in", numbers)
      .execute();
    expect(await productStock(first.app, product.id)).toBe(480);

    // The hourly run comes on every instance at about the same time.
    const runs = await Promise.all(instances.map((app) => cancelUnpaidOrders(app)));
    expect(runs.filter((run) => run.ran)).toEqual([{ ran: true, result: 20 }]);
    expect(runs.filter((run) => !run.ran)).toHaveLength(2);
    const statuses = await first.app.db.kysely
      .selectFrom("orders")
      .select("status")
      .where("number", "in", numbers)
      .execute();
    expect(statuses.every((row) => row.status === "cancelled")).toBe(true);
    expect(await productStock(first.app, product.id)).toBe(500);
  });
});
