/**
 * A map that holds at most `maxBytes` of values, as `sizeOf` counts them. Past the limit the
 * oldest go first: a Map keeps the order keys were set in, and `set` on a key makes it the newest.
 * `generation` moves on with every `clear`, so that work begun before a change can tell that its
 * result is out of date and not keep it.
 */
export function createByteLimitedMap<V>(maxBytes: number, sizeOf: (value: V) => number) {
  const values = new Map<string, V>();
  let bytes = 0;
  let generation = 0;

  function remove(key: string): void {
    const value = values.get(key);
    if (value === undefined) return;
    values.delete(key);
    bytes -= sizeOf(value);
  }

  return {
    get(key: string): V | undefined {
      return values.get(key);
    },

    /** Keeps a value as the newest, then drops the oldest until the rest fit. */
    set(key: string, value: V): void {
      remove(key);
      values.set(key, value);
      bytes += sizeOf(value);
      for (const oldest of values.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },

    delete: remove,

    /** Everything goes, and the generation moves on. */
    clear(): void {
      generation++;
      values.clear();
      bytes = 0;
    },

    get generation(): number {
      return generation;
    },
    get size(): number {
      return values.size;
    },
    get bytes(): number {
      return bytes;
    },
  };
}
