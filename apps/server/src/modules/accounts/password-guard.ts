import { createAttemptLimiter } from "../../lib/attempt-limiter.ts";
import type { AttemptStore } from "../../lib/shared-state.ts";

/** 10 failures within 15 minutes; then waits of 1 s, 2 s, 4 s… up to a minute (docs/decisions/022). */
export const PASSWORD_ATTEMPTS = { max: 10, windowMs: 15 * 60 * 1000, maxDelayMs: 60 * 1000 };

/**
 * Slows whoever guesses passwords without locking the owner out (docs/decisions/022). Failures
 * are counted per account, per address, and per account from one address:
 * - an account with 10 recent failures refuses further tries from every address that has failed
 *   on it, until those failures age out; an address that has not failed on it still gets through,
 *   so the owner logs in while someone else guesses;
 * - an address with 10 recent failures waits 1 s before its next try, then 2 s, 4 s… at most a
 *   minute: everyone behind one shared address is slowed, nobody is shut out.
 * A correct password clears the count of that account from that address.
 * `store`: where the failures are counted (shared by every instance through Redis when it is set).
 */
export function createPasswordGuard(options = PASSWORD_ATTEMPTS, now: () => number = Date.now, store?: AttemptStore) {
  const failures = createAttemptLimiter({ max: options.max, windowMs: options.windowMs, now, store });
  const keysOf = (account: string, address: string) => ({
    account: `login:account:${account}`,
    pair: `login:pair:${account}|${address}`,
    address: `login:address:${address}`,
  });

  return {
    /** How long a try from this address on this account must wait, in ms; 0 when it may go ahead. */
    async waitMs(account: string, address: string): Promise<number> {
      const keys = keysOf(account, address);
      const [onAccount, fromHere, fromAddress] = await Promise.all([
        failures.times(keys.account),
        failures.times(keys.pair),
        failures.times(keys.address),
      ]);
      const at = now();
      let wait = 0;
      if (onAccount.length >= options.max && fromHere.length > 0) {
        const untilHereClears = (fromHere.at(-1) ?? at) + options.windowMs - at;
        const untilAccountCalms = (onAccount[onAccount.length - options.max] ?? at) + options.windowMs - at;
        wait = Math.min(untilHereClears, untilAccountCalms);
      }
      if (fromAddress.length >= options.max) {
        const delay = Math.min(1000 * 2 ** (fromAddress.length - options.max), options.maxDelayMs);
        wait = Math.max(wait, (fromAddress.at(-1) ?? at) + delay - at);
      }
      return Math.max(0, Math.ceil(wait));
    },
    failed(account: string, address: string): Promise<void> {
      const keys = keysOf(account, address);
      return failures.record([keys.account, keys.pair, keys.address]);
    },
    succeeded(account: string, address: string): Promise<void> {
      return failures.clear(keysOf(account, address).pair);
    },
    /** After a new password was chosen from a mailed link, the old guesses no longer matter. */
    forgetAccount(account: string): Promise<void> {
      return failures.clear(keysOf(account, "").account);
    },
  };
}

export type PasswordGuard = ReturnType<typeof createPasswordGuard>;

/** "a few seconds", "a minute", "12 minutes": how long to wait, in words. */
export function waitInWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return seconds <= 5 ? "a few seconds" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}
