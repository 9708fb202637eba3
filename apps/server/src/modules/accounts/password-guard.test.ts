import { afterAll, describe, expect, it } from "vitest";
import { type AttemptStore, createMemoryAttemptStore, createRedisState } from "../../lib/shared-state.ts";
import { dropRedisKeys, redisAnswers, TEST_REDIS_URL, testRedisPrefix } from "../../test/redis.ts";
import { createPasswordGuard, PASSWORD_ATTEMPTS, waitInWords } from "./password-guard.ts";

const MINUTE = 60 * 1000;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

// The same guard counting in this process's memory, and in Redis as several instances would.
const prefix = testRedisPrefix();
const redis = (await redisAnswers()) ? createRedisState({ url: TEST_REDIS_URL, prefix, log: quiet }) : null;
afterAll(async () => {
  await redis?.close();
  if (redis) await dropRedisKeys(prefix);
});
const stores: [string, () => AttemptStore][] = [["memory", createMemoryAttemptStore]];
if (redis) stores.push(["Redis", () => redis.attempts]);

let run = 0;
describe.each(stores)("password guard counting in %s", (_where, store) => {
  // Each test its own clock far from the others', so counts in one Redis never meet.
  function guardAt() {
    const clock = { now: 1_000_000_000 * ++run };
    const guard = createPasswordGuard(PASSWORD_ATTEMPTS, () => clock.now, store());
    return { guard, clock };
  }

  it("refuses the 11th try on one account from one address until those failures age out", async () => {
    const { guard, clock } = guardAt();
    for (let i = 0; i < 10; i++) {
      expect(await guard.waitMs("owner@x.test", "198.51.100.1")).toBe(0);
      await guard.failed("owner@x.test", "198.51.100.1");
      clock.now += 1000;
    }
    const wait = await guard.waitMs("owner@x.test", "198.51.100.1");
    expect(wait).toBeGreaterThan(14 * MINUTE);
    clock.now += wait;
    expect(await guard.waitMs("owner@x.test", "198.51.100.1")).toBe(0);
  });

  it("lets an address that has not failed on the account through while others guess it", async () => {
    const { guard } = guardAt();
    for (let i = 0; i < 30; i++) await guard.failed("owner@x.test", `203.0.113.${i}`);
    expect(await guard.waitMs("owner@x.test", "198.51.100.7")).toBe(0);
    // Each guessing address is refused on that account after its first failure.
    expect(await guard.waitMs("owner@x.test", "203.0.113.29")).toBeGreaterThan(0);
    // A new guesser gets one try, then is refused too.
    await guard.failed("owner@x.test", "203.0.113.200");
    expect(await guard.waitMs("owner@x.test", "203.0.113.200")).toBeGreaterThan(0);
  });

  it("slows an address with 10 failures by 1 s, 2 s, 4 s… at most a minute, and never locks it", async () => {
    const { guard, clock } = guardAt();
    for (let i = 0; i < 10; i++) await guard.failed(`guess${i}@x.test`, "192.0.2.1");
    const waits = [];
    for (let i = 0; i < 9; i++) {
      const wait = await guard.waitMs("someone@x.test", "192.0.2.1");
      waits.push(wait);
      clock.now += wait;
      expect(await guard.waitMs("someone@x.test", "192.0.2.1")).toBe(0);
      await guard.failed(`more${i}@x.test`, "192.0.2.1");
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    // Another account's owner behind the same address waits at most a minute, then gets in.
    expect(await guard.waitMs("owner@x.test", "192.0.2.1")).toBeLessThanOrEqual(MINUTE);
  });

  it("a correct password clears that address's count on the account; a new password clears the account's", async () => {
    const { guard } = guardAt();
    for (let i = 0; i < 9; i++) await guard.failed("owner@x.test", "198.51.100.1");
    await guard.succeeded("owner@x.test", "198.51.100.1");
    await guard.failed("owner@x.test", "203.0.113.1");
    // Ten on the account, but this address's earlier ones are cleared.
    expect(await guard.waitMs("owner@x.test", "198.51.100.1")).toBe(0);
    expect(await guard.waitMs("owner@x.test", "203.0.113.1")).toBeGreaterThan(0);
    await guard.forgetAccount("owner@x.test");
    expect(await guard.waitMs("owner@x.test", "203.0.113.1")).toBe(0);
  });
});

describe("waitInWords", () => {
  it.each([
    [800, "a few seconds"],
    [5000, "a few seconds"],
    [32000, "32 seconds"],
    [60000, "a minute"],
    [14.2 * MINUTE, "15 minutes"],
  ])("says %i ms as %s", (ms, words) => {
    expect(waitInWords(ms)).toBe(words);
  });
});
