// A real shop in a process of its own, for the drills (docs/decisions/065): the server entry
// (apps/server/src/server.ts) in production mode, API only (the drills need no pages), on a port
// of its own. Its log (warnings and errors) goes to the drill's standard error.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { buildApp } from "../apps/server/src/app.ts";
import type { App } from "../apps/server/src/app-type.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";

const root = path.resolve(import.meta.dirname, "..");

export interface ShopProcess {
  base: string;
  child: ChildProcess;
  /** Milliseconds from the start of the process to the first 200 of /api/health. */
  ready: Promise<number>;
  /** Resolves when the process has ended, with its exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (the shop finishes its requests and closes), then waits for the end. */
  stop(): Promise<void>;
}

/** A buyer's order over HTTP as the browser sends it: same origin, the buyer's session, a key. */
export function postOrder(base: string, cookie: string, key: string, order: object): Promise<Response> {
  return fetch(`${base}/api/Order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie, "idempotency-key": key },
    body: JSON.stringify(order),
  });
}

/** Settings that every start of one drill's shop shares: same secret, so sessions outlive a restart. */
export function shopEnv(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  port: number;
  admin: { email: string; password: string };
}): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${options.port}`;
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    HOST: "127.0.0.1",
    PORT: String(options.port),
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: options.admin.email,
    ADMIN_PASSWORD: options.admin.password,
  };
}

/**
 * Refuses a port that something already answers on: a drill must never check another shop.
 * `web`: "production" serves the storefront too (bench:load; needs `npm run build`).
 */
export async function startShop(env: NodeJS.ProcessEnv, web: "none" | "production" = "none"): Promise<ShopProcess> {
  const base = env.PUBLIC_URL as string;
  const taken = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Something answers on ${base} already (a shop left running?). Stop it, or pass --port.`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "--eval",
      `await (await import("./apps/server/src/server.ts")).start(${JSON.stringify(web)})`,
    ],
    { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const ready = (async () => {
    for (;;) {
      if (ended) throw new Error(`The shop stopped before it was ready (${JSON.stringify(await exited)})`);
      if (performance.now() - started > 120_000) throw new Error("The shop was not ready within 120 s");
      try {
        const response = await fetch(`${base}/api/health`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    base,
    child,
    ready,
    exited,
    async stop() {
      if (!ended) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The shop in this process, on a drill's data, to set it up (demo data, buyers, stock); close it before startShop. */
export function openForSetup(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  admin: { email: string; password: string };
}): Promise<App> {
  return buildApp(
    loadConfig({
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    }),
    { web: "none" },
  );
}
