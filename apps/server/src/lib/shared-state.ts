import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { Logger } from "../modules/mail/service.ts";

/**
 * What one instance tells every instance (itself included) after a change: products, categories
 * or stock (`catalog`), the settings, or anything else a staff member changed (`content`).
 */
export const CHANGE_TOPICS = ["catalog", "settings", "content"] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];
const isTopic = (word: string | undefined): word is ChangeTopic => CHANGE_TOPICS.includes(word as ChangeTopic);

/**
 * Attempts per key in a sliding window: rate limits and login failures. With Redis every
 * instance counts into the same window; without it each instance counts for itself.
 */
export interface AttemptStore {
  /** When the attempts of a key within the last `windowMs` were made, oldest first. */
  times(key: string, windowMs: number, now: number): Promise<number[]>;
  record(keys: string[], windowMs: number, now: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * State several instances must share (docs/decisions/060): attempt counts and the news that
 * something changed, so caches are dropped everywhere. Through Redis when REDIS_URL is set, in
 * this process otherwise. When Redis goes away each instance carries on alone (its own counts,
 * its caches expiring on their own) with a warning in the log and a failing readiness check, and
 * joins in again when Redis is back.
 */
export interface SharedState {
  attempts: AttemptStore;
  /** Runs this instance's handlers of the topic at once, and every other instance's through Redis. */
  publish(topic: ChangeTopic): void;
  subscribe(topic: ChangeTopic, handler: () => void): void;
  /** Throws, in words, when Redis is configured and does not answer; resolves otherwise. */
  check(): Promise<void>;
  close(): Promise<void>;
  readonly redis: boolean;
}

export function createMemoryAttemptStore(): AttemptStore {
  const attempts = new Map<string, number[]>();
  let recordsSinceSweep = 0;
  const recent = (key: string, windowMs: number, now: number) => {
    const times = (attempts.get(key) ?? []).filter((time) => time > now - windowMs);
    if (times.length === 0) attempts.delete(key);
    else attempts.set(key, times);
    return times;
  };
  return {
    async times(key, windowMs, now) {
      return recent(key, windowMs, now);
    },
    async record(keys, windowMs, now) {
      for (const key of keys) attempts.set(key, [...recent(key, windowMs, now), now]);
      if (++recordsSinceSweep >= 1000) {
        recordsSinceSweep = 0;
        for (const key of [...attempts.keys()]) recent(key, windowMs, now);
      }
    },
    async clear(key) {
      attempts.delete(key);
    },
  };
}

function localChanges() {
  const handlers = new Map<ChangeTopic, Array<() => void>>();
  return {
    run(topic: ChangeTopic, log: Logger) {
      for (const handler of handlers.get(topic) ?? []) {
        try {
          handler();
        } catch (error) {
          log.error({ err: error }, `dropping what the '${topic}' change made stale failed`);
        }
      }
    },
    add(topic: ChangeTopic, handler: () => void) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    topics: () => [...handlers.keys()],
  };
}

/** One process alone: counts in memory, changes told to this process only. */
export function createLocalState(log: Logger): SharedState {
  const changes = localChanges();
  return {
    attempts: createMemoryAttemptStore(),
    publish: (topic) => changes.run(topic, log),
    subscribe: changes.add,
    check: async () => {},
    close: async () => {},
    redis: false,
  };
}

/** How long a Redis command may take before the instance goes on without it. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * `prefix` names this shop's keys and channel, so that shops (or test runs) sharing one Redis
 * never see each other's.
 */
export function createRedisState(options: { url: string; prefix: string; log: Logger }): SharedState {
  const { url, prefix, log } = options;
  const connection = {
    // Commands fail at once while Redis is away, instead of queueing until it returns.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
    lazyConnect: false,
  };
  const client = new Redis(url, connection);
  // A connection that subscribes can send nothing else, so changes arrive on a second one.
  const subscriber = new Redis(url, { ...connection, commandTimeout: undefined, enableOfflineQueue: true });
  const channel = `${prefix}changes`;
  const instance = randomBytes(8).toString("hex");
  const changes = localChanges();
  const memory = createMemoryAttemptStore();
  let closing = false;

  // Said once when Redis goes away and once when it is back, not at every reconnection attempt.
  let reachable = true;
  function lost(error: unknown): void {
    if (closing || !reachable) return;
    reachable = false;
    log.warn({ err: error }, "Redis does not answer: rate limits and caches are this instance's own until it is back");
  }
  for (const connectionOf of [client, subscriber]) {
    connectionOf.on("error", lost);
    connectionOf.on("end", () => lost(new Error("the connection to Redis ended")));
  }
  client.on("ready", () => {
    if (!reachable) log.info("Redis answers again: rate limits and caches are shared again");
    reachable = true;
  });

  let subscribedOnce = false;
  subscriber.on("ready", () => {
    subscriber.subscribe(channel).catch(lost);
    // Changes published while this instance was not listening are lost, so every cache goes.
    if (subscribedOnce) for (const topic of changes.topics()) changes.run(topic, log);
    subscribedOnce = true;
  });
  subscriber.on("message", (from: string, message: string) => {
    if (from !== channel) return;
    const [sender, topic] = message.split(" ");
    if (sender !== instance && isTopic(topic)) changes.run(topic, log);
  });

  const keyOf = (key: string) => `${prefix}attempts:${key}`;
  /** Redis's answer, or the same question put to this instance's own counts when Redis fails. */
  async function orMemory<T>(shared: () => Promise<T>, alone: () => Promise<T>): Promise<T> {
    if (client.status !== "ready") return alone();
    try {
      return await shared();
    } catch (error) {
      lost(error);
      return alone();
    }
  }

  return {
    attempts: {
      times: (key, windowMs, now) =>
        orMemory(
          async () => {
            const answer = await client
              .multi()
              .zremrangebyscore(keyOf(key), "-inf", now - windowMs)
              .zrange(keyOf(key), 0, -1, "WITHSCORES")
              .exec();
            const pairs = (answer?.[1]?.[1] ?? []) as string[];
            return pairs.filter((_, index) => index % 2 === 1).map(Number);
          },
          () => memory.times(key, windowMs, now),
        ),
      record: (keys, windowMs, now) =>
        orMemory(
          async () => {
            const batch = client.multi();
            for (const key of keys) {
              // Members are unique, so two attempts in one millisecond count twice.
              batch.zadd(keyOf(key), now, `${now}-${randomBytes(6).toString("hex")}`);
              batch.zremrangebyscore(keyOf(key), "-inf", now - windowMs);
              batch.pexpire(keyOf(key), windowMs);
            }
            await batch.exec();
          },
          () => memory.record(keys, windowMs, now),
        ),
      clear: async (key) => {
        await memory.clear(key);
        await orMemory(
          async () => void (await client.del(keyOf(key))),
          async () => {},
        );
      },
    },
    publish(topic) {
      changes.run(topic, log);
      if (client.status !== "ready") return;
      client.publish(channel, `${instance} ${topic}`).catch(lost);
    },
    subscribe: changes.add,
    async check() {
      if (client.status !== "ready" || subscriber.status !== "ready") {
        throw new Error("Redis does not answer: rate limits and caches are not shared");
      }
      try {
        await client.ping();
      } catch {
        throw new Error("Redis does not answer: rate limits and caches are not shared");
      }
    },
    async close() {
      closing = true;
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },
    redis: true,
  };
}
