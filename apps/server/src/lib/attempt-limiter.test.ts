import { describe, expect, it } from "vitest";
import { createAttemptLimiter } from "./attempt-limiter.ts";

describe("createAttemptLimiter", () => {
  const windowMs = 15 * 60_000;
  function limiter() {
    let time = 0;
    const clock = { advance: (ms: number) => (time += ms) };
    return { limiter: createAttemptLimiter({ max: 10, windowMs, now: () => time }), clock };
  }

  it("blocks a key after its tenth attempt in the window", async () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < 9; i++) await l.record(["ip:1"]);
    expect(await l.isBlocked(["ip:1"])).toBe(false);
    await l.record(["ip:1"]);
    expect(await l.isBlocked(["ip:1"])).toBe(true);
    expect(await l.isBlocked(["ip:2"])).toBe(false);
  });

  it("blocks when any one of the keys is used up", async () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < 10; i++) await l.record([`ip:${i}`, "account:a"]);
    expect(await l.isBlocked(["ip:99", "account:a"])).toBe(true);
    expect(await l.isBlocked(["ip:0", "account:b"])).toBe(false);
  });

  it("forgets attempts older than the window", async () => {
    const { limiter: l, clock } = limiter();
    for (let i = 0; i < 10; i++) await l.record(["ip:1"]);
    clock.advance(windowMs - 1);
    expect(await l.isBlocked(["ip:1"])).toBe(true);
    clock.advance(1);
    expect(await l.isBlocked(["ip:1"])).toBe(false);
  });

  it("clears a key", async () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < 10; i++) await l.record(["account:a"]);
    await l.clear("account:a");
    expect(await l.isBlocked(["account:a"])).toBe(false);
  });
});
