import { describe, expect, it } from "vitest";
import { createByteLimitedMap } from "./byte-limited-map.ts";

const lengthOf = (value: string) => value.length;

describe("createByteLimitedMap", () => {
  it("counts the bytes it holds, a replaced value once", () => {
    const map = createByteLimitedMap(10, lengthOf);
    map.set("a", "aaa");
    map.set("b", "bb");
    map.set("a", "a");
    expect([map.size, map.bytes, map.get("a")]).toEqual([2, 3, "a"]);
    map.delete("b");
    map.delete("missing");
    expect([map.size, map.bytes]).toEqual([1, 1]);
  });

  it("drops the oldest first once past the limit; setting a key again makes it the newest", () => {
    const map = createByteLimitedMap(6, lengthOf);
    map.set("a", "aa");
    map.set("b", "bb");
    map.set("c", "cc");
    map.set("a", "aa");
    map.set("d", "dd");
    expect([map.get("a"), map.get("b"), map.get("c"), map.get("d")]).toEqual(["aa", undefined, "cc", "dd"]);
    expect(map.bytes).toBe(6);
    map.set("e", "eeeeeee");
    expect([map.size, map.bytes]).toEqual([0, 0]);
  });

  it("empties on clear and moves the generation on", () => {
    const map = createByteLimitedMap(10, lengthOf);
    map.set("a", "a");
    const before = map.generation;
    map.clear();
    expect([map.size, map.bytes, map.generation]).toEqual([0, 0, before + 1]);
  });
});
