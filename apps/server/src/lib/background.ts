import type { Logger } from "../modules/mail/service.ts";

/**
 * Work that runs after the answer has gone: mail, and the lookups and tokens behind "forgot
 * password", so that an answer takes as long whatever the address (docs/decisions/022). A failure is
 * logged and touches nothing the caller saw. Shutdown waits for what is under way.
 */
export function createBackgroundWork(log: Logger) {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, task: () => Promise<unknown>): void {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, `${label} failed`),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    /** Resolves when nothing is under way, including work that work in progress started. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
