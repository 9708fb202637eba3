// Reports latency at scale (target: every report p95 ≤ 100 ms at 100,000 orders, docs/decisions/055).
// Seeds N orders over the last 365 days (1 to 3 lines of the demo's products; 75 % sales, 10 %
// awaiting payment, 10 % cancelled, 5 % refunded; 40 states), then asks each report for each range
// one request at a time over HTTP with a staff session: p50 / p95 / max per case.
// Run: npm run bench:reports -- [--engine sqlite|postgres] [--orders 100000] [--requests 100]
// PostgreSQL: a throw-away database on 127.0.0.1:5432 (or --admin-url), dropped afterwards.
import { parseArgs } from "node:util";
import { US_STATE_CODES } from "@shop/shared";
import { addDays, dayOf, presetRange } from "@shop/shared/rules";
import { type Insertable, sql } from "kysely";
import type { OrderAdjustmentsTable, OrderLinesTable, OrdersTable } from "../apps/server/src/db/types.ts";
import { listenSignedIn } from "../apps/server/src/test/http-session.ts";
import { startBenchApp } from "./app.ts";
import { statisticsState } from "./statistics-state.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    orders: { type: "string", default: "100000" },
    requests: { type: "string", default: "100" },
    "admin-url": { type: "string" },
  },
});
const orderCount = Number(values.orders);
const requests = Number(values.requests);
const admin = { email: "bench@shop.test", password: "bench admin passphrase" };

/** A small deterministic generator, so runs seed the same orders. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const { app, close } = await startBenchApp({ engine: values.engine, adminUrl: values["admin-url"], admin });
try {
  const db = app.db.kysely;
  const user = await db.selectFrom("users").select("id").where("email", "=", admin.email).executeTakeFirstOrThrow();
  const products = await db.selectFrom("products").select(["id", "name", "sku", "selling_price_pcs_cents"]).execute();
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const states = US_STATE_CODES.slice(0, 40);
  const now = Date.now();
  const seeded = performance.now();
  const BATCH = 500;
  for (let start = 0; start < orderCount; start += BATCH) {
    const orders: Insertable<OrdersTable>[] = [];
    const lines: Insertable<OrderLinesTable>[] = [];
    const adjustments: Insertable<OrderAdjustmentsTable>[] = [];
    for (let i = start; i < Math.min(orderCount, start + BATCH); i++) {
      const id = `bench-order-${i}`;
      const at = new Date(now - Math.floor(next() * 365 * 86_400_000)).toISOString();
      const roll = next();
      const status =
        roll < 0.1
          ? "awaiting_payment"
          : roll < 0.2
            ? "cancelled"
            : roll < 0.25
              ? "refunded"
              : pick(["paid", "processing", "shipped", "delivered", "delivered", "delivered"]);
      let subtotal = 0;
      const count = 1 + Math.floor(next() * 3);
      for (let position = 0; position < count; position++) {
        const product = pick(products);
        const unitPrice = product.selling_price_pcs_cents ?? 1_000;
        const quantity = 1 + Math.floor(next() * 4);
        subtotal += unitPrice * quantity;
        lines.push({
          id: `${id}-${position}`,
          order_id: id,
          position,
          product_id: product.id,
          variant_id: product.id,
          name: product.name,
          sku: product.sku,
          unit: "piece",
          unit_price_cents: unitPrice,
          quantity,
          pieces_per_unit: 1,
          line_total_cents: unitPrice * quantity,
        });
      }
      const shipping = subtotal >= 10_000 ? 0 : 899;
      adjustments.push({
        id: `${id}-shipping`,
        order_id: id,
        position: 0,
        kind: "shipping",
        label: "Shipping",
        amount_cents: shipping,
        basis_cents: subtotal,
        source: "setting:shipping",
      });
      orders.push({
        id,
        number: `B${String(i).padStart(7, "0")}`,
        user_id: user.id,
        status,
        email: admin.email,
        fulfilment: "ship" as const,
        ship_full_name: "Bench Buyer",
        ship_line1: "1 Main St",
        ship_city: "Austin",
        ship_state: pick(states),
        ship_zip: "78701",
        payment_method_id: "bank-transfer",
        payment_method_name: "Bank transfer",
        payment_instructions: "",
        total_cents: subtotal + shipping,
        customer_name: "Bench Buyer",
        created_at: at,
        updated_at: at,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("orders").values(orders).execute();
      await trx.insertInto("order_lines").values(lines).execute();
      await trx.insertInto("order_adjustments").values(adjustments).execute();
    });
  }
  // The orders were written past fulfilment: fill the reports' daily sales from them.
  await app.services.reports.rebuild();
  // What autovacuum does on a live PostgreSQL (index-only scans need the visibility map), then the
  // seed's write-ahead log written out, which would otherwise land in the measurements (bench/README.md).
  if (app.db.engine === "postgres") {
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);
  } else await sql`analyze`.execute(db);
  const seedSeconds = ((performance.now() - seeded) / 1000).toFixed(1);
  console.log(statisticsState(app.db.engine));

  const { base, cookie } = await listenSignedIn(app, admin);
  const today = dayOf(new Date(now));
  const ranges = [
    ["last 30 days", presetRange("last_30_days", today)],
    ["this year", presetRange("this_year", today)],
    ["last 365 days", { from: addDays(today, -364), to: today }],
  ] as const;
  const reports = ["sales", "products", "categories", "statuses", "states"];

  console.log(
    `${orderCount} orders on ${app.db.engine} (seeded in ${seedSeconds} s); ${requests} requests a case, one at a time\n`,
  );
  console.log("report      | range          |  p50 ms |  p95 ms |  max ms");
  console.log("------------|----------------|--------:|--------:|--------:");
  const measure = async (name: string, label: string, path: string) => {
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await fetch(base + path, { headers: { cookie } });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    console.log(
      `${name.padEnd(11)} | ${label.padEnd(14)} | ${at(0.5).padStart(7)} | ${at(0.95).padStart(7)} | ${at(1).padStart(7)}`,
    );
  };
  for (const [label, range] of ranges) {
    if (!range) continue;
    for (const name of reports)
      await measure(name, label, `/api/admin/reports/${name}?from=${range.from}&to=${range.to}`);
  }
  await measure("low-stock", "(none)", "/api/admin/reports/low-stock");
  await measure("overview", "(home)", "/api/admin/overview");
} finally {
  await close();
}
