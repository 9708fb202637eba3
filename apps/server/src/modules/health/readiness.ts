import { type Db, pingDatabase } from "../../db/database.ts";

/**
 * One thing an instance needs before a load balancer may send it requests (decision 062).
 * `check` resolves when the dependency works and throws an Error whose message says in words
 * what is wrong ("Redis does not answer."), never a URL, password or stack trace: the message is
 * shown to whoever asks `/api/health/ready`.
 */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export type ReadinessState = { name: string; ok: true } | { name: string; ok: false; problem: string };

/** How long one check may take before it counts as failed: a hung dependency must not hang the probe. */
export const READINESS_CHECK_MS = 2_000;

/** The database answers a trivial query. Always the first check. */
export function databaseReadiness(db: Db): ReadinessCheck {
  return {
    name: "database",
    async check() {
      try {
        await pingDatabase(db);
      } catch {
        throw new Error("The database does not answer.");
      }
    },
  };
}

/** Runs every check at once, each within `limitMs`; answers each check's state in the given order. */
export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  limitMs: number = READINESS_CHECK_MS,
): Promise<{ states: ReadinessState[]; failures: { name: string; error: unknown }[] }> {
  const failures: { name: string; error: unknown }[] = [];
  const states = await Promise.all(
    checks.map(async ({ name, check }): Promise<ReadinessState> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The ${name} check did not answer within ${limitMs / 1000} s.`)),
          limitMs,
        );
      });
      try {
        await Promise.race([check(), timeout]);
        return { name, ok: true };
      } catch (error) {
        failures.push({ name, error });
        const problem = error instanceof Error && error.message ? error.message : `The ${name} check failed.`;
        return { name, ok: false, problem };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { states, failures };
}
