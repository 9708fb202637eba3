// Product CSV import at 10,000 rows (target: under 10 s, decision 059), on SQLite or PostgreSQL.
// Over HTTP with a staff session, as the dashboard sends it: the export of N generated products,
// then (1) every row's price and stock changed: preview, then apply; (2) N new SKUs: preview, then
// apply; (3) the same file again: preview (all unchanged). Each figure is one request's wall time.
// Run: npm run bench:import -- [--engine sqlite|postgres] [--rows 10000] [--admin-url postgres://…]
import { parseArgs } from "node:util";
import { parseCsv } from "@shop/shared/csv";
import { seedBulkProducts } from "../apps/server/src/db/seed/bulk.ts";
import { listenSignedIn } from "../apps/server/src/test/http-session.ts";
import { startBenchApp } from "./app.ts";
import { statisticsState } from "./statistics-state.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    rows: { type: "string", default: "10000" },
    "admin-url": { type: "string" },
  },
});
const rows = Number(values.rows);
const admin = { email: "bench@shop.test", password: "bench admin passphrase" };

const { app, close } = await startBenchApp({ engine: values.engine, adminUrl: values["admin-url"], admin });
try {
  await seedBulkProducts(app.db, rows);
  console.log(statisticsState(app.db.engine));
  const { base, cookie } = await listenSignedIn(app, admin);

  async function timed<T>(what: () => Promise<T>): Promise<[T, number]> {
    const started = performance.now();
    const result = await what();
    return [result, performance.now() - started];
  }
  type Result = { applied: boolean; previewId: string; counts: Record<string, number> };
  async function send(csv: string, confirm?: string): Promise<Result> {
    const response = await fetch(`${base}/api/admin/products/import`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: base },
      body: JSON.stringify(confirm ? { csv, confirm } : { csv }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as Result;
  }

  const [exported, exportMs] = await timed(async () => {
    const response = await fetch(`${base}/api/admin/products.csv?q=GEN-`, { headers: { cookie } });
    return response.text();
  });
  const [header, ...body] = parseCsv(exported);
  const names = header?.cells ?? [];
  const column = (name: string) => names.indexOf(name);
  const quote = (cell: string) =>
    /[",\r\n]/.test(cell) || /^[=+\-@]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  const write = (cells: string[][]) => [names, ...cells].map((line) => `${line.map(quote).join(",")}\r\n`).join("");
  const generated = body.map((row) => row.cells).slice(0, rows);

  const changed = write(
    generated.map((cells) => {
      const next = [...cells];
      const price = column("SellingPricePCS");
      next[price] = (Number(next[price] || "10") + 1).toFixed(2);
      next[column("Stock")] = String(Number(next[column("Stock")]) + 1);
      return next;
    }),
  );
  const created = write(
    generated.map((cells, i) => {
      const next = [...cells];
      next[column("Sku")] = `NEW-${String(i + 1).padStart(6, "0")}`;
      return next;
    }),
  );

  console.log(
    `${app.db.engine}: ${generated.length} generated products (${(exported.length / 1024 / 1024).toFixed(1)} MB exported in ${exportMs.toFixed(0)} ms); one request at a time over HTTP\n`,
  );
  console.log("case                                   | preview ms | apply ms | counts");
  console.log("---------------------------------------|-----------:|---------:|-------");
  for (const [name, csv] of [
    [`update ${generated.length} (price and stock)`, changed],
    [`create ${generated.length} new SKUs`, created],
  ] as const) {
    const [preview, previewMs] = await timed(() => send(csv));
    const [applied, applyMs] = await timed(() => send(csv, preview.previewId));
    if (!applied.applied) throw new Error(`${name}: not applied`);
    console.log(
      `${name.padEnd(38)} | ${previewMs.toFixed(0).padStart(10)} | ${applyMs.toFixed(0).padStart(8)} | ${JSON.stringify(applied.counts)}`,
    );
  }
  const [again, againMs] = await timed(() => send(created));
  console.log(
    `${"the created file again (unchanged)".padEnd(38)} | ${againMs.toFixed(0).padStart(10)} |        - | ${JSON.stringify(again.counts)}`,
  );
  console.log(`\n${(created.length / 1024 / 1024).toFixed(1)} MB per file`);
} finally {
  await close();
}
