import { type AttemptStore, createMemoryAttemptStore } from "./shared-state.ts";

/**
 * Counts attempts per key (an address, an account) in a sliding window. `store` holds the counts:
 * Redis when several instances share them, this process's memory otherwise (docs/decisions/060).
 * Keys are the store's own: give each limiter its own prefix.
 */
export function createAttemptLimiter(options: {
  max: number;
  windowMs: number;
  store?: AttemptStore;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const store = options.store ?? createMemoryAttemptStore();
  const { max, windowMs } = options;

  return {
    /** When the attempts of a key within the window were made, oldest first. */
    times: (key: string) => store.times(key, windowMs, now()),
    /** Whether any of the keys has used up its attempts. */
    async isBlocked(keys: string[]): Promise<boolean> {
      const counts = await Promise.all(keys.map((key) => store.times(key, windowMs, now())));
      return counts.some((times) => times.length >= max);
    },
    record: (keys: string[]) => store.record(keys, windowMs, now()),
    clear: (key: string) => store.clear(key),
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
