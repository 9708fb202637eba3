import { describe, expect, it, vi } from "vitest";
import { createTtlCache } from "./ttl-cache.ts";

describe("createTtlCache", () => {
  function setup(ttlMs = 1000, maxEntries = 3) {
    let clock = 0;
    const cache = createTtlCache<number>({ ttlMs, maxEntries, now: () => clock });
    return { cache, advance: (ms: number) => (clock += ms) };
  }

  it("loads once within the lifetime and again after it", async () => {
    const { cache, advance } = setup();
    const load = vi.fn(async () => 42);
    expect(await cache.get("a", load)).toBe(42);
    advance(999);
    expect(await cache.get("a", load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    advance(1);
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one load between concurrent misses", async () => {
    const { cache } = setup();
    const load = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(7), 10)));
    const values = await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    expect(values).toEqual([7, 7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a failed load", async () => {
    const { cache } = setup();
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("k", async () => 1)).toBe(1);
  });

  it("drops the oldest entry past the limit, and everything on clear", async () => {
    const { cache } = setup(1000, 2);
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => 1);
    expect(cache.size).toBe(2);
    const load = vi.fn(async () => 2);
    expect(await cache.get("a", load)).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("caches nothing with a lifetime of 0", async () => {
    const { cache } = setup(0);
    const load = vi.fn(async () => 1);
    await cache.get("a", load);
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });
});
