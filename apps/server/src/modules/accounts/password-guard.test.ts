import { describe, expect, it } from "vitest";
import { createPasswordGuard, PASSWORD_ATTEMPTS, waitInWords } from "./password-guard.ts";

const MINUTE = 60 * 1000;

function guardAt(start = 1_000_000) {
  const clock = { now: start };
  const guard = createPasswordGuard(PASSWORD_ATTEMPTS, () => clock.now);
  return { guard, clock };
}

describe("password guard", () => {
  it("refuses the 11th try on one account from one address until those failures age out", () => {
    const { guard, clock } = guardAt();
    for (let i = 0; i < 10; i++) {
      expect(guard.waitMs("owner@x.test", "198.51.100.1")).toBe(0);
      guard.failed("owner@x.test", "198.51.100.1");
      clock.now += 1000;
    }
    const wait = guard.waitMs("owner@x.test", "198.51.100.1");
    expect(wait).toBeGreaterThan(14 * MINUTE);
    clock.now += wait;
    expect(guard.waitMs("owner@x.test", "198.51.100.1")).toBe(0);
  });

  it("lets an address that has not failed on the account through while others guess it", () => {
    const { guard } = guardAt();
    for (let i = 0; i < 30; i++) guard.failed("owner@x.test", `203.0.113.${i}`);
    expect(guard.waitMs("owner@x.test", "198.51.100.7")).toBe(0);
    // Each guessing address is refused on that account after its first failure.
    expect(guard.waitMs("owner@x.test", "203.0.113.29")).toBeGreaterThan(0);
    // A new guesser gets one try, then is refused too.
    guard.failed("owner@x.test", "203.0.113.200");
    expect(guard.waitMs("owner@x.test", "203.0.113.200")).toBeGreaterThan(0);
  });

  it("slows an address with 10 failures by 1 s, 2 s, 4 s… at most a minute, and never locks it", () => {
    const { guard, clock } = guardAt();
    for (let i = 0; i < 10; i++) guard.failed(`guess${i}@x.test`, "192.0.2.1");
    const waits = [];
    for (let i = 0; i < 9; i++) {
      const wait = guard.waitMs("someone@x.test", "192.0.2.1");
      waits.push(wait);
      clock.now += wait;
      expect(guard.waitMs("someone@x.test", "192.0.2.1")).toBe(0);
      guard.failed(`more${i}@x.test`, "192.0.2.1");
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    // Another account's owner behind the same address waits at most a minute, then gets in.
    expect(guard.waitMs("owner@x.test", "192.0.2.1")).toBeLessThanOrEqual(MINUTE);
  });

  it("a correct password clears that address's count on the account; a new password clears the account's", () => {
    const { guard } = guardAt();
    for (let i = 0; i < 9; i++) guard.failed("owner@x.test", "198.51.100.1");
    guard.succeeded("owner@x.test", "198.51.100.1");
    guard.failed("owner@x.test", "203.0.113.1");
    // Ten on the account, but this address's earlier ones are cleared.
    expect(guard.waitMs("owner@x.test", "198.51.100.1")).toBe(0);
    expect(guard.waitMs("owner@x.test", "203.0.113.1")).toBeGreaterThan(0);
    guard.forgetAccount("owner@x.test");
    expect(guard.waitMs("owner@x.test", "203.0.113.1")).toBe(0);
  });

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
