import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

/** The Redis the tests use: the machine's own, unless TEST_REDIS_URL names another. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/**
 * Whether Redis answers. Without it the tests that need it are skipped, loudly; under CI=true its
 * absence is a failure, since CI's machine has Redis and a silent skip would hide a broken set-up.
 */
export async function redisAnswers(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    if (process.env.CI === "true") throw new Error(`Redis does not answer at ${TEST_REDIS_URL}, and CI needs it`);
    console.warn(`\n  SKIPPED: Redis does not answer at ${TEST_REDIS_URL}; the tests that need it do not run.\n`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** A prefix of keys and channels no other test run shares. */
export function testRedisPrefix(): string {
  return `shop-test:${process.pid}:${randomBytes(4).toString("hex")}:`;
}

/** Deletes every key under the prefix. */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 0 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}
