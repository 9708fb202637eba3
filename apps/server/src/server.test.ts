import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { takeDataDirAlone } from "./db/data-dir-lock.ts";
import { PRODUCT_FORM_PRICES } from "./test/forms.ts";
import { createTestDataDir, testEngine } from "./test/test-app.ts";

const dataDirs: string[] = [];
afterAll(() => {
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

/** The real server (the API alone, plus one slow route) in a child process on a fresh SQLite data folder. */
async function startServer(env: Record<string, string> = {}) {
  const dataDir = createTestDataDir();
  dataDirs.push(dataDir);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ["--import", "tsx", "src/test/serve-api.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/api/health`, child);
  return { child, url, dataDir, exited, output: () => output };
}

// The process lifecycle does not depend on the engine; it runs once, in the SQLite pass.
describe.skipIf(testEngine === "postgres")("graceful shutdown", () => {
  it("finishes the request in flight on SIGTERM, then exits 0", async () => {
    const server = await startServer();
    const inFlight = fetch(`${server.url}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill("SIGTERM");

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    expect((await server.exited).code).toBe(0);
    expect(server.output()).toContain("SIGTERM received");
    expect(server.output()).toContain("Closed cleanly");
    takeDataDirAlone(server.dataDir)();
  });
});

describe.skipIf(testEngine === "postgres")("durability on SQLite", () => {
  it("loses no acknowledged write when the server is killed with SIGKILL mid-stream, and the file stays whole", async () => {
    const admin = { email: "owner@shop.test", password: "a long admin passphrase 1" };
    const server = await startServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: "warn" });
    const login = await fetch(`${server.url}/api/Auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    const cookie =
      login.headers
        .getSetCookie()
        .find((header) => header.startsWith("session="))
        ?.split(";")[0] ?? "";
    const categories = (await (await fetch(`${server.url}/api/MasterCategory`)).json()) as { id: string }[];
    const categoryId = categories[0]?.id ?? "";
    // The running server marks its data folder as in use (what db:restore asks).
    expect(() => takeDataDirAlone(server.dataDir)).toThrow(`The shop is running on ${server.dataDir}`);

    // Orders do not exist yet; a new product is the write with the most steps (the product, its
    // search text and index, in one transaction). Four writers keep requests in flight at the kill.
    const acknowledged: string[] = [];
    let sent = 0;
    let failed = 0;
    const killAfter = 60;
    const writer = async () => {
      for (;;) {
        const sku = `DUR-${++sent}`;
        const form = new FormData();
        for (const [name, value] of Object.entries({
          ProductName: `Durability test ${sku}`,
          ProductType: "Disposable",
          Description: "Written while the server is killed.",
          MasterCategoryId: categoryId,
          ...PRODUCT_FORM_PRICES,
          Stock: "40",
          Sku: sku,
        })) {
          form.append(name, value);
        }
        try {
          const response = await fetch(`${server.url}/api/Product`, {
            method: "POST",
            headers: { cookie },
            body: form,
          });
          if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
          acknowledged.push(sku);
          if (acknowledged.length === killAfter) server.child.kill("SIGKILL");
        } catch (error) {
          if (acknowledged.length < killAfter) throw error;
          failed++;
          return;
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect((await server.exited).signal).toBe("SIGKILL");
    // The kill came mid-stream: requests were in flight and never answered.
    expect(failed).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
    // The mark went with the process: nothing stale holds the folder.
    takeDataDirAlone(server.dataDir)();

    const db = new SQLite(path.join(server.dataDir, "shop.db"));
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const stored = new Set(db.prepare("select sku from products where sku like 'DUR-%'").pluck().all() as string[]);
      expect(acknowledged.filter((sku) => !stored.has(sku))).toEqual([]);
    } finally {
      db.close();
    }
  });
});
