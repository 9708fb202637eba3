/**
 * Counts attempts per key (an address, an account) in a sliding window. Kept in memory per
 * instance, like the other rate limits (docs/decisions/011).
 */
export function createAttemptLimiter(options: { max: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const attempts = new Map<string, number[]>();
  let recordsSinceSweep = 0;

  function recent(key: string): number[] {
    const since = now() - options.windowMs;
    const times = (attempts.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) attempts.delete(key);
    else attempts.set(key, times);
    return times;
  }

  return {
    /** When the attempts of a key within the window were made, oldest first. */
    times(key: string): number[] {
      return recent(key);
    },
    /** Whether any of the keys has used up its attempts. */
    isBlocked(keys: string[]): boolean {
      return keys.some((key) => recent(key).length >= options.max);
    },
    record(keys: string[]): void {
      for (const key of keys) attempts.set(key, [...recent(key), now()]);
      if (++recordsSinceSweep >= 1000) {
        recordsSinceSweep = 0;
        for (const key of [...attempts.keys()]) recent(key);
      }
    },
    clear(key: string): void {
      attempts.delete(key);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
