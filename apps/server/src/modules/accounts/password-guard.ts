import { createAttemptLimiter } from "../../lib/attempt-limiter.ts";

/** security.md 14 and issue 12: 10 failures within 15 minutes; then waits of 1 s, 2 s, 4 s… up to a minute. */
export const PASSWORD_ATTEMPTS = { max: 10, windowMs: 15 * 60 * 1000, maxDelayMs: 60 * 1000 };

/**
 * Slows whoever guesses passwords without locking the owner out (issue 12, finding 8). Failures
 * are counted per account, per address, and per account from one address:
 * - an account with 10 recent failures refuses further tries from every address that has failed
 *   on it, until those failures age out; an address that has not failed on it still gets through,
 *   so the owner logs in while someone else guesses;
 * - an address with 10 recent failures waits 1 s before its next try, then 2 s, 4 s… at most a
 *   minute: everyone behind one shared address is slowed, nobody is shut out.
 * A correct password clears the count of that account from that address.
 */
export function createPasswordGuard(options = PASSWORD_ATTEMPTS, now: () => number = Date.now) {
  const failures = createAttemptLimiter({ max: options.max, windowMs: options.windowMs, now });
  const keysOf = (account: string, address: string) => ({
    account: `account:${account}`,
    pair: `pair:${account}|${address}`,
    address: `address:${address}`,
  });

  return {
    /** How long a try from this address on this account must wait, in ms; 0 when it may go ahead. */
    waitMs(account: string, address: string): number {
      const keys = keysOf(account, address);
      const at = now();
      let wait = 0;
      const onAccount = failures.times(keys.account);
      const fromHere = failures.times(keys.pair);
      if (onAccount.length >= options.max && fromHere.length > 0) {
        const untilHereClears = (fromHere.at(-1) ?? at) + options.windowMs - at;
        const untilAccountCalms = (onAccount[onAccount.length - options.max] ?? at) + options.windowMs - at;
        wait = Math.min(untilHereClears, untilAccountCalms);
      }
      const fromAddress = failures.times(keys.address);
      if (fromAddress.length >= options.max) {
        const delay = Math.min(1000 * 2 ** (fromAddress.length - options.max), options.maxDelayMs);
        wait = Math.max(wait, (fromAddress.at(-1) ?? at) + delay - at);
      }
      return Math.max(0, Math.ceil(wait));
    },
    failed(account: string, address: string): void {
      const keys = keysOf(account, address);
      failures.record([keys.account, keys.pair, keys.address]);
    },
    succeeded(account: string, address: string): void {
      failures.clear(keysOf(account, address).pair);
    },
    /** After a new password was chosen from a mailed link, the old guesses no longer matter. */
    forgetAccount(account: string): void {
      failures.clear(keysOf(account, "").account);
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
