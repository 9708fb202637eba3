import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { dropRedisKeys, redisAnswers, TEST_REDIS_URL, testRedisPrefix } from "../test/redis.ts";
import { createLocalState, createRedisState, type SharedState } from "./shared-state.ts";

const hasRedis = await redisAnswers();

function recordingLog() {
  const lines: { level: string; text: string }[] = [];
  const at = (level: string) => (first: unknown, second?: unknown) =>
    lines.push({ level, text: String(typeof first === "string" ? first : second) });
  return { log: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") }, lines };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("local state (no REDIS_URL)", () => {
  it("tells this process's handlers of a change, and is always ready", async () => {
    const state = createLocalState(recordingLog().log);
    let dropped = 0;
    state.subscribe("catalog", () => dropped++);
    state.publish("catalog");
    state.publish("settings");
    expect(dropped).toBe(1);
    await expect(state.check()).resolves.toBeUndefined();
  });
});

describe.skipIf(!hasRedis)("state shared through Redis", () => {
  const prefix = testRedisPrefix();
  const opened: SharedState[] = [];
  const open = (log = recordingLog().log, at = prefix) => {
    const state = createRedisState({ url: TEST_REDIS_URL, prefix: at, log });
    opened.push(state);
    return state;
  };
  afterAll(async () => {
    await Promise.all(opened.map((state) => state.close()));
    await dropRedisKeys(prefix);
  });

  it("counts the attempts of several instances in one window", async () => {
    const [a, b] = [open(), open()];
    await until(
      async () => (await Promise.allSettled([a.check(), b.check()])).every((r) => r.status === "fulfilled"),
      "Redis",
    );
    const now = Date.now();
    await a.attempts.record(["login:address:192.0.2.9"], 60_000, now);
    await b.attempts.record(["login:address:192.0.2.9"], 60_000, now);
    await b.attempts.record(["login:address:192.0.2.9"], 60_000, now + 1);
    expect(await a.attempts.times("login:address:192.0.2.9", 60_000, now + 1)).toEqual([now, now, now + 1]);
    // Attempts older than the window no longer count; a cleared key counts from nothing.
    expect(await b.attempts.times("login:address:192.0.2.9", 60_000, now + 60_000)).toEqual([now + 1]);
    await a.attempts.clear("login:address:192.0.2.9");
    expect(await b.attempts.times("login:address:192.0.2.9", 60_000, now + 1)).toEqual([]);
  });

  it("keeps shops that share one Redis apart", async () => {
    const mine = open();
    const other = open(undefined, `${prefix}other:`);
    await until(
      async () => (await Promise.allSettled([mine.check(), other.check()])).every((r) => r.status === "fulfilled"),
      "Redis",
    );
    await mine.attempts.record(["contact:ip:10.0.0.1"], 60_000, Date.now());
    expect(await other.attempts.times("contact:ip:10.0.0.1", 60_000, Date.now())).toEqual([]);
    await dropRedisKeys(`${prefix}other:`);
  });

  it("tells every instance of a change, each once, the sender at once", async () => {
    const instances = [open(), open(), open()];
    await until(
      async () => (await Promise.allSettled(instances.map((i) => i.check()))).every((r) => r.status === "fulfilled"),
      "Redis",
    );
    const heard = instances.map((instance) => {
      const count = { catalog: 0, settings: 0 };
      instance.subscribe("catalog", () => count.catalog++);
      instance.subscribe("settings", () => count.settings++);
      return count;
    });
    const [, sender] = instances;
    sender?.publish("catalog");
    // The sender's own caches go before publish returns, so its next answer is fresh.
    expect(heard[1]?.catalog).toBe(1);
    await until(() => heard.every((count) => count.catalog === 1), "every instance to hear of the change");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([
      { catalog: 1, settings: 0 },
      { catalog: 1, settings: 0 },
      { catalog: 1, settings: 0 },
    ]);
  });
});

/** A Redis of the test's own on a free port, so that it can be stopped and started again. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  await until(() => output.includes("Ready to accept connections"), "redis-server to start");
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  child.kill("SIGKILL");
  if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
}

describe.skipIf(!hasRedis)("when Redis goes away", () => {
  it("goes on alone with a warning and failing readiness, and joins in again when it is back", async () => {
    const port = await freePort();
    let server = await startRedis(port);
    const { log, lines } = recordingLog();
    const url = `redis://127.0.0.1:${port}`;
    const a = createRedisState({ url, prefix: "shop:", log });
    const b = createRedisState({ url, prefix: "shop:", log: recordingLog().log });
    try {
      await until(
        async () => (await Promise.allSettled([a.check(), b.check()])).every((r) => r.status === "fulfilled"),
        "Redis",
      );
      let dropped = 0;
      a.subscribe("catalog", () => dropped++);

      await stopRedis(server);
      await until(() => lines.some((line) => line.level === "warn"), "the warning");
      expect(lines.find((line) => line.level === "warn")?.text).toMatch(/Redis does not answer/);
      await expect(a.check()).rejects.toThrow("Redis does not answer: rate limits and caches are not shared");
      // Counting goes on in the instance's own memory; a change still reaches its own caches.
      const now = Date.now();
      await a.attempts.record(["login:address:198.51.100.1"], 60_000, now);
      expect(await a.attempts.times("login:address:198.51.100.1", 60_000, now)).toEqual([now]);
      a.publish("catalog");
      expect(dropped).toBe(1);
      expect(lines.filter((line) => line.level === "warn")).toHaveLength(1);

      server = await startRedis(port);
      await until(
        async () =>
          (await a.check().then(
            () => true,
            () => false,
          )) && b.redis,
        "Redis again",
        10_000,
      );
      expect(lines.some((line) => line.level === "info" && /Redis answers again/.test(line.text))).toBe(true);
      // What was published while it listened to nothing is lost, so every cache was dropped.
      await until(() => dropped === 2, "the caches to be dropped on reconnecting", 10_000);
      await until(
        async () =>
          await b.check().then(
            () => true,
            () => false,
          ),
        "the other instance",
        10_000,
      );
      b.publish("catalog");
      await until(() => dropped === 3, "a change published after Redis returned");
    } finally {
      await Promise.all([a.close(), b.close()]);
      await stopRedis(server);
    }
  }, 30_000);
});
