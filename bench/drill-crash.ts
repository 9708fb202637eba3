// Crash drill (docs/decisions/065): a real shop process takes a stream of orders
// from several buyers at once and is killed with SIGKILL at a random moment in the middle of it;
// it is started again on the same data, the requests that got no answer are sent again with the
// same Idempotency-Key, and the data is checked: every acknowledged order is there with its lines,
// its stock movements (one per line, stock down exactly once) and its confirmation e-mail in the
// outbox; nothing else was added; SQLite's integrity and foreign-key checks pass.
// Run: npm run drill:crash -- [--engine sqlite|postgres] [--orders 400] [--buyers 8] [--port 4700]
// [--wait-for-mail]: also keep the restarted shop until every e-mail is sent (a message the killed
// shop had claimed waits for its claim to run out, 2 minutes), and count the mail files written.
// PostgreSQL: a throw-away database on 127.0.0.1:5432 (or --admin-url), dropped afterwards.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import { addAccount } from "../apps/server/src/test/forms.ts";
import { SHIPPING_ADDRESS, sellableProducts, setOwnVariants } from "../apps/server/src/test/products.ts";
import { createPostgresDatabase, createTestDataDir } from "../apps/server/src/test/test-app.ts";
import { postgresAdminUrl } from "./app.ts";
import { openForSetup, type ShopProcess, shopEnv, startShop } from "./shop-process.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    orders: { type: "string", default: "400" },
    buyers: { type: "string", default: "8" },
    port: { type: "string", default: "4700" },
    "admin-url": { type: "string" },
    "wait-for-mail": { type: "boolean", default: false },
  },
});
const engine = values.engine;
if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
const total = Number(values.orders);
const buyers = Number(values.buyers);
const port = Number(values.port);
if (!Number.isInteger(total) || total < 20) throw new Error("--orders takes a whole number of 20 or more");
if (!Number.isInteger(buyers) || buyers < 1) throw new Error("--buyers takes a whole number of 1 or more");
const admin = { email: "drill@shop.test", password: "drill admin passphrase" };

interface Line {
  productId: string;
  quantity: number;
}
interface Attempt {
  buyer: number;
  key: string;
  lines: Line[];
  /** The order number of a 201 before the kill. */
  acknowledged?: string;
  /** The order number the retry after the restart answered, and its status (201 new, 200 the same). */
  retried?: { number: string; status: number };
}

const queries = {
  orders: "select id, number, user_id, email from orders",
  lines: "select order_id, product_id, quantity, pieces_per_unit from order_lines",
  movements: "select id, product_id, change, kind, order_id from stock_movements where kind <> 'initial'",
  mail: "select to_address, subject from mail_outbox where to_address like 'drill%'",
  keys: "select key, order_id from order_idempotency_keys",
  products: "select id, stock from products",
};

const failures: string[] = [];
const fail = (text: string) => failures.push(text);

const dataDir = createTestDataDir();
const database =
  engine === "postgres" ? await createPostgresDatabase(await postgresAdminUrl(values["admin-url"])) : null;
let shop: ShopProcess | null = null;
try {
  // The shop with the demo data, buyers and plenty of stock, made in this process and closed.
  const setup = await openForSetup({ dataDir, databaseUrl: database?.url, admin });
  const products = (await sellableProducts(setup).select("id").execute()).map((row) => row.id);
  await setOwnVariants(setup.db.kysely, { stock: 1_000_000 });
  const stockBefore = new Map(
    (await setup.db.kysely.selectFrom("products").select(["id", "stock"]).execute()).map((row) => [row.id, row.stock]),
  );
  for (let i = 0; i < buyers; i++) {
    await addAccount(setup, admin, { id: `drill-buyer-${i}`, email: `drill${i}@shop.test`, dateOfBirth: "1985-06-01" });
  }
  await setup.close();

  const env = shopEnv({ dataDir, databaseUrl: database?.url, port, admin });
  shop = await startShop(env);
  const firstReady = await shop.ready;
  const base = shop.base;
  const cookies = await Promise.all(
    Array.from({ length: buyers }, async (_, i) => {
      const login = await fetch(`${base}/api/Auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: `drill${i}@shop.test`, password: admin.password }),
      });
      if (!login.ok) throw new Error(`login: HTTP ${login.status} ${await login.text()}`);
      return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    }),
  );
  const run = Math.random().toString(36).slice(2, 8);
  const linesFor = (buyer: number, round: number): Line[] =>
    Array.from({ length: 1 + ((buyer + round) % 3) }, (_, k) => ({
      productId: products[(buyer * 7 + round * 3 + k * 11) % products.length] ?? "",
      quantity: 1 + (round % 2),
    })).filter((line, index, all) => all.findIndex((other) => other.productId === line.productId) === index);
  const post = (attempt: Attempt) =>
    fetch(`${base}/api/Order`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: base,
        cookie: cookies[attempt.buyer] ?? "",
        "idempotency-key": attempt.key,
      },
      body: JSON.stringify({ lines: attempt.lines, shippingAddress: SHIPPING_ADDRESS, paymentMethodId: "zelle" }),
    });

  // The stream: each buyer places orders one after another until the shop dies. The kill comes
  // after a random number of acknowledged orders, between 20 % and 70 % of --orders.
  const killAfter = Math.floor(total * (0.2 + Math.random() * 0.5));
  const attempts: Attempt[] = [];
  let acknowledged = 0;
  let killed = false;
  const streamStart = performance.now();
  let killedAt = 0;
  await Promise.all(
    Array.from({ length: buyers }, async (_, buyer) => {
      for (let round = 0; !killed; round++) {
        const attempt: Attempt = { buyer, key: `drill-${run}-${buyer}-${round}`, lines: linesFor(buyer, round) };
        attempts.push(attempt);
        try {
          const response = await post(attempt);
          const body = await response.text();
          if (response.status !== 201) {
            fail(`${attempt.key} before the kill: HTTP ${response.status} ${body.slice(0, 200)}`);
            continue;
          }
          attempt.acknowledged = (JSON.parse(body) as { number: string }).number;
          if (++acknowledged >= killAfter && !killed) {
            killed = true;
            killedAt = performance.now();
            shop?.child.kill("SIGKILL");
          }
        } catch {
          // No answer: the shop was killed while this request was sent or served.
        }
      }
    }),
  );
  const exit = await shop.exited;
  if (exit.signal !== "SIGKILL") fail(`the shop ended with ${JSON.stringify(exit)} instead of SIGKILL`);
  const unanswered = attempts.filter((attempt) => !attempt.acknowledged);

  // Started again on the same data; the unanswered requests sent again, unchanged.
  const restarted = performance.now();
  shop = await startShop(env);
  const readyAfter = await shop.ready;
  const downFor = performance.now() - killedAt;
  const outboxAtRestart = await outbox();
  for (const attempt of unanswered) {
    const response = await post(attempt);
    const body = await response.text();
    if (response.status !== 200 && response.status !== 201) {
      fail(`${attempt.key} retried: HTTP ${response.status} ${body.slice(0, 200)}`);
      continue;
    }
    attempt.retried = { number: (JSON.parse(body) as { number: string }).number, status: response.status };
    // Once more: the key now names that order, whatever happened before.
    const again = await post(attempt);
    const second = (await again.json()) as { number: string };
    if (again.status !== 200 || second.number !== attempt.retried.number) {
      fail(
        `${attempt.key} sent again: HTTP ${again.status}, order ${second.number} instead of ${attempt.retried.number}`,
      );
    }
  }
  let mailWait = "not waited for (--wait-for-mail)";
  if (values["wait-for-mail"]) {
    const waitStart = performance.now();
    for (;;) {
      const { unsent } = await outbox();
      if (unsent === 0) {
        mailWait = `all sent ${((performance.now() - waitStart) / 1000).toFixed(0)} s after the retries`;
        break;
      }
      if (performance.now() - waitStart > 300_000) {
        fail(`${unsent} e-mails still unsent 300 s after the restart`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  await shop.stop();
  shop = null;
  void restarted;
  const mailFiles = mailFilesToBuyers();

  // The data, read directly.
  const rows = database ? await readPostgres(database.url) : readSqlite(`${dataDir}/shop.db`);
  const expected = new Map<string, Attempt>();
  for (const attempt of attempts) {
    const id = attempt.acknowledged ?? attempt.retried?.number;
    if (!id) continue;
    if (expected.has(id)) fail(`order ${id} answered to two keys: ${expected.get(id)?.key} and ${attempt.key}`);
    expected.set(id, attempt);
  }
  const drillOrders = rows.orders.filter((o) => o.user_id.startsWith("drill-buyer-"));
  const byNumber = new Map(drillOrders.map((o) => [o.number, o]));
  const orders = new Map(drillOrders.map((o) => [o.id, o]));
  for (const [number, attempt] of expected) {
    const order = byNumber.get(number);
    if (!order) {
      fail(`${attempt.acknowledged ? "acknowledged" : "retried"} order ${number} (${attempt.key}) is missing`);
      continue;
    }
    const id = order.id;
    const lines = rows.lines.filter((line) => line.order_id === id);
    const sent = attempt.lines.map((l) => `${l.productId}×${l.quantity}`).sort();
    const kept = lines.map((l) => `${l.product_id}×${l.quantity}`).sort();
    if (sent.join() !== kept.join()) fail(`order ${id}: lines ${kept.join()} instead of ${sent.join()}`);
    const movements = rows.movements.filter((m) => m.order_id === id);
    const moved = movements.map((m) => `${m.product_id}×${-m.change}/${m.kind}`).sort();
    const owed = lines.map((l) => `${l.product_id}×${l.quantity * l.pieces_per_unit}/order`).sort();
    if (moved.join() !== owed.join()) fail(`order ${id}: stock movements ${moved.join()} instead of ${owed.join()}`);
    const mails = rows.mail.filter((m) => m.to_address === order.email && m.subject.includes(order.number));
    if (mails.length !== 1) fail(`order ${order.number}: ${mails.length} confirmation e-mails in the outbox`);
    const keys = rows.keys.filter((k) => k.order_id === id);
    if (keys.length !== 1 || keys[0]?.key !== attempt.key) {
      fail(`order ${id}: idempotency keys ${keys.map((k) => k.key).join()} instead of ${attempt.key}`);
    }
  }
  for (const number of byNumber.keys()) {
    if (!expected.has(number)) fail(`order ${number} was placed but answered to no request`);
  }
  for (const m of rows.movements) {
    if (m.order_id && !orders.has(m.order_id))
      fail(`stock movement ${m.id} names order ${m.order_id}, which is missing`);
  }
  for (const line of rows.lines) if (!orders.has(line.order_id)) fail(`order line of a missing order ${line.order_id}`);
  // Stock down exactly once per line: what every product had, less what the orders found took.
  const taken = new Map<string, number>();
  for (const line of rows.lines) {
    if (!orders.has(line.order_id)) continue;
    taken.set(line.product_id, (taken.get(line.product_id) ?? 0) + line.quantity * line.pieces_per_unit);
  }
  let productsChecked = 0;
  for (const product of rows.products) {
    const want = (stockBefore.get(product.id) ?? 0) - (taken.get(product.id) ?? 0);
    if (product.stock !== want) fail(`product ${product.id}: stock ${product.stock} instead of ${want}`);
    productsChecked++;
  }
  failures.push(...rows.integrity);

  const retried = unanswered.filter((a) => a.retried);
  const committedBefore = retried.filter((a) => a.retried?.status === 200).length;
  console.log(`Crash drill, ${engine}, ${buyers} buyers, kill after ${killAfter} acknowledged orders\n`);
  console.log(`first start to ready                 ${firstReady.toFixed(0)} ms`);
  console.log(`stream until the kill                ${((killedAt - streamStart) / 1000).toFixed(1)} s`);
  console.log(`acknowledged before the kill (201)   ${acknowledged}`);
  console.log(`unanswered at the kill               ${unanswered.length}`);
  console.log(`  retried: the same order (200)      ${committedBefore}  (committed, answer lost)`);
  console.log(`  retried: placed now (201)          ${retried.length - committedBefore}`);
  console.log(
    `restart to ready                     ${readyAfter.toFixed(0)} ms (down ${(downFor / 1000).toFixed(1)} s)`,
  );
  console.log(`orders found                         ${orders.size} of ${expected.size} expected`);
  console.log(
    `order lines / stock movements / mail ${rows.lines.filter((l) => orders.has(l.order_id)).length} / ${rows.movements.filter((m) => m.order_id && orders.has(m.order_id)).length} / ${rows.mail.length}`,
  );
  console.log(`products' stock checked              ${productsChecked}`);
  console.log(`integrity                            ${rows.integrity.length ? "FAILED" : rows.integrityNote}`);
  console.log(
    `outbox after the restart             ${outboxAtRestart.unsent} unsent, ${outboxAtRestart.claimed} claimed by the killed shop`,
  );
  console.log(`outbox at the end                    ${mailWait}`);
  console.log(`mail files to the buyers             ${mailFiles} for ${orders.size} orders`);
  if (values["wait-for-mail"] && mailFiles < orders.size) fail(`${orders.size - mailFiles} e-mails were never sent`);
} catch (error) {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await shop?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`\nFAILED (${failures.length}):\n${failures.slice(0, 50).join("\n")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll checks passed.");
}

/** Outbox rows not sent yet, and of those the ones a shop has claimed (until its claim runs out). */
async function outbox(): Promise<{ unsent: number; claimed: number }> {
  const now = new Date().toISOString();
  const query = `select count(*) as unsent, count(case when locked_until > '${now}' then 1 end) as claimed
    from mail_outbox where sent_at is null`;
  if (database) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const row = (await client.query(query)).rows[0] as { unsent: string; claimed: string };
      return { unsent: Number(row.unsent), claimed: Number(row.claimed) };
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(dataDir, "shop.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).get() as { unsent: number; claimed: number };
  } finally {
    db.close();
  }
}

/** The .eml files the shop wrote (no SMTP_URL) to the drill's buyers: one per order, or more if one was sent twice. */
function mailFilesToBuyers(): number {
  const folder = path.join(dataDir, "mail");
  if (!existsSync(folder)) return 0;
  return readdirSync(folder).filter((name) =>
    /^To: drill\d+@shop\.test$/m.test(readFileSync(path.join(folder, name), "utf8")),
  ).length;
}

interface Rows {
  orders: { id: string; number: string; user_id: string; email: string }[];
  lines: { order_id: string; product_id: string; quantity: number; pieces_per_unit: number }[];
  movements: { id: string; product_id: string; change: number; kind: string; order_id: string | null }[];
  mail: { to_address: string; subject: string }[];
  keys: { key: string; order_id: string }[];
  products: { id: string; stock: number }[];
  integrity: string[];
  integrityNote: string;
}

function readSqlite(file: string): Rows {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const all = <T>(query: string) => db.prepare(query).all() as T[];
    const integrity = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
    const orphans = db.pragma("foreign_key_check") as { table: string; parent: string }[];
    return {
      orders: all(queries.orders),
      lines: all(queries.lines),
      movements: all(queries.movements),
      mail: all(queries.mail),
      keys: all(queries.keys),
      products: all(queries.products),
      integrity: [
        ...(integrity.join() === "ok" ? [] : [`PRAGMA integrity_check: ${integrity.slice(0, 5).join("; ")}`]),
        ...orphans.slice(0, 5).map((o) => `PRAGMA foreign_key_check: a row of ${o.table} lacks its ${o.parent}`),
      ],
      integrityNote: "PRAGMA integrity_check ok, foreign_key_check empty",
    };
  } finally {
    db.close();
  }
}

async function readPostgres(url: string): Promise<Rows> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const all = async <T>(query: string) => (await client.query(query)).rows as T[];
    // PostgreSQL enforces the foreign keys itself; these are the ones a crash could break if it could.
    const orphans = await all<{ what: string; n: string }>(`
      select 'order_lines' as what, count(*) as n from order_lines l left join orders o on o.id = l.order_id where o.id is null
      union all select 'order_idempotency_keys', count(*) from order_idempotency_keys k left join orders o on o.id = k.order_id where o.id is null
      union all select 'order_events', count(*) from order_events e left join orders o on o.id = e.order_id where o.id is null
      union all select 'orders without events', count(*) from orders o where not exists (select 1 from order_events e where e.order_id = o.id)`);
    const invalidIndexes = await all<{ name: string }>(
      "select indexrelid::regclass::text as name from pg_index where not indisvalid",
    );
    return {
      orders: await all(queries.orders),
      lines: await all(queries.lines),
      movements: await all(queries.movements),
      mail: await all(queries.mail),
      keys: await all(queries.keys),
      products: await all(queries.products),
      integrity: [
        ...orphans.filter((o) => Number(o.n) > 0).map((o) => `${o.what}: ${o.n} rows without their order`),
        ...invalidIndexes.map((i) => `index ${i.name} is not valid`),
      ],
      integrityNote: "no rows without their order, every index valid",
    };
  } finally {
    await client.end();
  }
}
