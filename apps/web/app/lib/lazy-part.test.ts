import { describe, expect, it, vi } from "vitest";
import { loadOnce, withParts } from "./lazy-part.ts";

describe("loadOnce", () => {
  it("loads once however many places ask, at the first call and not before", async () => {
    const load = vi.fn(async () => ({ default: "module" }));
    const preload = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([preload(), preload()]);
    await preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
  });

  it("does not keep a failed load: the next call tries again", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("chunk failed"))
      .mockResolvedValueOnce("loaded");
    const preload = loadOnce(load);
    await expect(preload()).rejects.toThrow("chunk failed");
    await expect(preload()).resolves.toBe("loaded");
    await expect(preload()).resolves.toBe("loaded");
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("withParts", () => {
  it("gives the data once the data and every part have loaded", async () => {
    let partLoaded = false;
    const part = {
      preload: () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            partLoaded = true;
            resolve();
          }, 5),
        ),
    };
    const data = await withParts(Promise.resolve({ page: 1 }), part);
    expect(data).toEqual({ page: 1 });
    expect(partLoaded).toBe(true);
  });

  it("fails when a part fails to load", async () => {
    const broken = { preload: () => Promise.reject(new Error("offline")) };
    await expect(withParts(Promise.resolve(1), broken)).rejects.toThrow("offline");
  });
});
