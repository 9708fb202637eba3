// Restore drill (docs/decisions/065): a real shop process takes orders and
// documents; `npm run db:backup` backs it up while orders keep coming; `npm run db:restore` puts
// the backup into an empty data folder (and, on PostgreSQL, an empty database); a second shop
// starts on the restored data and must answer every order acknowledged before the backup began,
// every product, and every file (each picture rendition, COA PDF and stored document) with the
// same bytes, by SHA-256, as the first shop.
// Run: npm run drill:restore -- [--engine sqlite|postgres] [--port 4710]
// PostgreSQL: throw-away databases on 127.0.0.1:5432 (or --admin-url), dropped afterwards.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { addAccount, multipart } from "../apps/server/src/test/forms.ts";
import { SHIPPING_ADDRESS, sellableProducts, setOwnVariants } from "../apps/server/src/test/products.ts";
import { createPostgresDatabase } from "../apps/server/src/test/test-app.ts";
import { postgresAdminUrl } from "./app.ts";
import { openForSetup, postOrder, type ShopProcess, shopEnv, startShop } from "./shop-process.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    port: { type: "string", default: "4710" },
    "admin-url": { type: "string" },
  },
});
const engine = values.engine;
if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
const port = Number(values.port);
const buyers = 4;
const admin = { email: "drill@shop.test", password: "drill admin passphrase" };
const root = path.resolve(import.meta.dirname, "..");
const exec = promisify(execFile);
const failures: string[] = [];
const fail = (text: string) => failures.push(text);
const sha = (bytes: ArrayBuffer | Buffer) =>
  createHash("sha256")
    .update(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes)
    .digest("hex");
/** Orders placed after the backup change the original's stock (and updatedAt): products are compared without. */
const dropStock = (key: string, value: unknown) => (/stock/i.test(key) || key === "updatedAt" ? undefined : value);
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/** An npm script as the owner runs it, with the shop's settings. */
async function npmRun(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const { stdout } = await exec("npm", ["run", "-s", ...args], { cwd: root, env: { ...process.env, ...env } });
  return stdout.trim();
}

const work = mkdtempSync(path.join(os.tmpdir(), "shop-drill-restore-"));
const dataDir = path.join(work, "data");
const restoredDir = path.join(work, "restored");
const backup = path.join(work, "backup");
const adminUrl = engine === "postgres" ? await postgresAdminUrl(values["admin-url"]) : null;
const database = adminUrl ? await createPostgresDatabase(adminUrl) : null;
const restoredDatabase = adminUrl ? await createPostgresDatabase(adminUrl) : null;
let original: ShopProcess | null = null;
let restored: ShopProcess | null = null;
try {
  const setupStart = performance.now();
  const setup = await openForSetup({ dataDir, databaseUrl: database?.url, admin });
  const products = (await sellableProducts(setup).select("id").execute()).map((row) => row.id);
  await setOwnVariants(setup.db.kysely, { stock: 100_000 });
  for (let i = 0; i < buyers; i++) {
    await addAccount(setup, admin, { id: `drill-buyer-${i}`, email: `drill${i}@shop.test`, dateOfBirth: "1985-06-01" });
  }
  await setup.close();
  console.log(`Restore drill, ${engine}: demo shop made in ${seconds(setupStart)}`);

  const env = shopEnv({ dataDir, databaseUrl: database?.url, port, admin });
  original = await startShop(env);
  await original.ready;
  const login = async (base: string, email: string) => {
    const response = await fetch(`${base}/api/Auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password: admin.password }),
    });
    if (!response.ok) throw new Error(`login of ${email}: HTTP ${response.status} ${await response.text()}`);
    return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  };
  const base = original.base;
  const cookies = await Promise.all(Array.from({ length: buyers }, (_, i) => login(base, `drill${i}@shop.test`)));
  const staff = await login(base, admin.email);

  // Two stored documents (private files), uploaded as staff would.
  const pdf = readFileSync(path.join(root, "apps/server/src/modules/coas/test-pdfs/chromium-report.pdf"));
  for (const [title, type] of [
    ["State retail license", "license"],
    ["Liability insurance", "insurance"],
  ] as const) {
    const form = multipart(
      { type, title, issuedOn: "2026-01-15", file: { file: pdf, filename: `${type}.pdf`, type: "application/pdf" } },
      staff,
    );
    const response = await fetch(`${base}/api/admin/documents`, {
      method: "POST",
      headers: { ...form.headers, origin: base },
      body: form.payload,
    });
    if (response.status !== 201) throw new Error(`document upload: HTTP ${response.status} ${await response.text()}`);
  }

  // Orders: a first batch, then a stream that goes on while the backup runs.
  let round = 0;
  const placed: { number: string; buyer: number; at: number }[] = [];
  const order = async (buyer: number) => {
    const r = round++;
    const lines = [0, 1].map((k) => ({ productId: products[(r * 5 + k * 13) % products.length] ?? "", quantity: 1 }));
    const response = await postOrder(base, cookies[buyer] ?? "", `restore-drill-${r}`, {
      lines,
      shippingAddress: SHIPPING_ADDRESS,
      paymentMethodId: "zelle",
    });
    if (response.status !== 201) {
      throw new Error(`order restore-drill-${r} of buyer ${buyer}: HTTP ${response.status} ${await response.text()}`);
    }
    placed.push({ number: ((await response.json()) as { number: string }).number, buyer, at: performance.now() });
  };
  for (let i = 0; i < 40; i++) await order(i % buyers);
  let streaming = true;
  const stream = Promise.all(
    Array.from({ length: buyers }, async (_, buyer) => {
      while (streaming) await order(buyer);
    }),
  );
  const backupStart = performance.now();
  const backupSaid = await npmRun(
    { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", LOG_LEVEL: "warn" },
    "db:backup",
    "--",
    "--to",
    backup,
  );
  const backupTime = seconds(backupStart);
  streaming = false;
  await stream;
  const beforeBackup = placed.filter((p) => p.at < backupStart);
  const manifest = JSON.parse(readFileSync(path.join(backup, "manifest.json"), "utf8")) as {
    database: string;
    files: { size: number }[];
  };
  const backupBytes = manifest.files.reduce((sum, file) => sum + file.size, 0);

  // The restore, into an empty folder (and an empty database), as the README says.
  const restoreStart = performance.now();
  const restoreSaid = await npmRun(
    { DATA_DIR: restoredDir, DATABASE_URL: restoredDatabase?.url ?? "", LOG_LEVEL: "warn" },
    "db:restore",
    "--",
    "--from",
    backup,
  );
  const restoreTime = seconds(restoreStart);

  restored = await startShop(
    shopEnv({ dataDir: restoredDir, databaseUrl: restoredDatabase?.url, port: port + 1, admin }),
  );
  const readyAfter = await restored.ready;
  const other = restored.base;
  const otherCookies = await Promise.all(Array.from({ length: buyers }, (_, i) => login(other, `drill${i}@shop.test`)));
  const otherStaff = await login(other, admin.email);

  /** The same request to both shops: the answers' bodies (parsed JSON or the bytes' hash). */
  const both = async (url: string, cookie: [string, string] = ["", ""], withoutStock = false) => {
    const answers = await Promise.all(
      [base, other].map(async (at, i) => {
        const response = await fetch(`${at}${url}`, { headers: cookie[i] ? { cookie: cookie[i] as string } : {} });
        const bytes = await response.arrayBuffer();
        const compared = withoutStock
          ? Buffer.from(JSON.stringify(JSON.parse(Buffer.from(bytes).toString(), dropStock)))
          : bytes;
        return { status: response.status, bytes, hash: sha(compared) };
      }),
    );
    const [a, b] = answers as [(typeof answers)[0], (typeof answers)[0]];
    if (a.status !== 200) fail(`${url}: the original shop answers HTTP ${a.status}`);
    else if (b.status !== 200) fail(`${url}: the restored shop answers HTTP ${b.status}`);
    else if (a.hash !== b.hash) fail(`${url}: the restored shop answers other bytes`);
    return a;
  };

  // Every order acknowledged before the backup began, the same; none the original shop lacks.
  const found = new Set<string>();
  for (let buyer = 0; buyer < buyers; buyer++) {
    const list = await fetch(`${other}/api/account/orders`, { headers: { cookie: otherCookies[buyer] ?? "" } });
    for (const item of ((await list.json()) as { items: { number: string }[] }).items) found.add(item.number);
  }
  for (const p of beforeBackup) {
    if (!found.has(p.number)) fail(`order ${p.number}, acknowledged before the backup, is missing`);
    await both(`/api/account/orders/${p.number}`, [cookies[p.buyer] ?? "", otherCookies[p.buyer] ?? ""]);
  }
  const known = new Set(placed.map((p) => p.number));
  for (const number of found) if (!known.has(number)) fail(`order ${number} is in the restored shop only`);

  // Every product, and every file its answers name.
  const files = new Set<string>();
  const collect = (bytes: ArrayBuffer) => {
    for (const match of Buffer.from(bytes)
      .toString()
      .matchAll(/\/(?:uploads|api\/coas)\/[^\s",]+/g)) {
      files.add(match[0]);
    }
  };
  let productCount = 0;
  for (let page = 1; ; page++) {
    const list = await both(`/api/Product?page=${page}`, undefined, true);
    const body = JSON.parse(Buffer.from(list.bytes).toString()) as { items: { id: string }[]; totalPages: number };
    for (const item of body.items) {
      collect((await both(`/api/Product/${item.id}`, undefined, true)).bytes);
      productCount++;
    }
    if (page >= body.totalPages) break;
  }
  for (let page = 1; ; page++) {
    const list = await both(`/api/coas?page=${page}`);
    collect(list.bytes);
    if (page >= (JSON.parse(Buffer.from(list.bytes).toString()) as { totalPages: number }).totalPages) break;
  }
  let pictures = 0;
  let pdfs = 0;
  for (const url of files) {
    if (url.startsWith("/api/coas/") && !url.endsWith("/pdf")) continue;
    await both(url);
    if (url.endsWith("/pdf")) pdfs++;
    else pictures++;
  }
  const documents: { id: string }[] = [];
  for (let page = 1; ; page++) {
    const list = await both(`/api/admin/documents?limit=100&page=${page}`, [staff, otherStaff]);
    const body = JSON.parse(Buffer.from(list.bytes).toString()) as { items: { id: string }[]; totalPages: number };
    // A batch's COA is listed here too (id coa:LOT); its PDF was compared through /api/coas above.
    documents.push(...body.items.filter((item) => !item.id.startsWith("coa:")));
    if (page >= body.totalPages) break;
  }
  for (const document of documents) {
    await both(`/api/admin/documents/${encodeURIComponent(document.id)}/file`, [staff, otherStaff]);
  }
  const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
  for (const file of [backup, path.join(backup, "manifest.json"), path.join(backup, manifest.database)]) {
    const want = file === backup ? "700" : "600";
    if (mode(file) !== want) fail(`${file} has mode ${mode(file)} instead of ${want}`);
  }

  console.log(`db:backup while orders came in      ${backupTime}: ${backupSaid.split("\n").at(-1)}`);
  console.log(
    `  backup size                        ${(backupBytes / 1e6).toFixed(1)} MB in ${manifest.files.length} files`,
  );
  console.log(`db:restore into an empty ${engine === "sqlite" ? "folder  " : "database"}   ${restoreTime}`);
  console.log(`restored shop ready                  ${readyAfter.toFixed(0)} ms`);
  console.log(`orders acknowledged before backup    ${beforeBackup.length} (all placed: ${placed.length})`);
  console.log(`orders in the restored shop          ${found.size}`);
  console.log(`products compared                    ${productCount}`);
  console.log(`picture renditions, same bytes       ${pictures}`);
  console.log(`COA PDFs, same bytes                 ${pdfs}`);
  console.log(`stored documents, same bytes         ${documents.length}`);
  void restoreSaid;
} catch (error) {
  const failure = error as Error & { stderr?: string };
  fail(`${failure.stack ?? failure.message}${failure.stderr ? `\n${failure.stderr}` : ""}`);
} finally {
  await original?.stop();
  await restored?.stop();
  await database?.drop();
  await restoredDatabase?.drop();
  rmSync(work, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`\nFAILED (${failures.length}):\n${failures.slice(0, 50).join("\n")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll checks passed.");
}
