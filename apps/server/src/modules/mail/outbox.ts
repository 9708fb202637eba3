import type { Executor } from "../../db/database.ts";
import type { BackgroundWork } from "../../lib/background.ts";
import { newId } from "../../lib/ids.ts";
import type { MailRepository } from "./repository.ts";
import type { Logger, MailMessage, MailService } from "./service.ts";
import type { MailTemplates, TemplatedMail } from "./template-service.ts";

/** How long a claimed message stays with its worker before another may try it (a crashed instance). */
const CLAIM_MS = 2 * 60 * 1000;
/** Messages one pass sends at most. */
const BATCH = 20;
/** Batches one `deliverSoon` sends at most (the app's timer comes back 15 s later). */
const MAX_ROUNDS = 50;

/** Waits before the next try: 30 s, 2 min, 10 min, 1 h, then every 6 h; mail is never dropped. */
export function retryDelayMs(attempts: number): number {
  const steps = [30_000, 120_000, 600_000, 3_600_000];
  return steps[attempts - 1] ?? 6 * 3_600_000;
}

/**
 * The outbox: `enqueue` writes a message in the caller's transaction, so mail is
 * kept exactly when the change it tells of is; `deliver` sends what is due and schedules retries.
 * After each enqueue the caller calls `deliverSoon`, and a timer in the app catches the retries.
 */
export function createMailOutbox(options: {
  repository: MailRepository;
  mail: MailService;
  background: BackgroundWork;
  /** Renders the e-mails that have a template (docs/decisions/042) with the words saved then. */
  templates: MailTemplates;
  /** The store profile's e-mail, the Reply-To of every message, so buyers can answer (docs/decisions/078). */
  replyTo: () => Promise<string>;
  /** The right-hand side of each Message-ID: the shop's host name. */
  messageIdDomain: string;
  log: Logger;
  now?: () => Date;
}) {
  const { repository, mail, background, templates, log } = options;
  const now = options.now ?? (() => new Date());

  async function deliver(at: Date = now()): Promise<{ sent: number; failed: number }> {
    const stamp = at.toISOString();
    const claimed = await repository.claimDue(stamp, new Date(at.getTime() + CLAIM_MS).toISOString(), BATCH);
    let sent = 0;
    let failed = 0;
    for (const row of claimed) {
      const message: MailMessage = {
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...(row.link ? { link: row.link } : {}),
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        // Every try sends the Message-ID written with the row: a retry after a crash between sending
        // and markSent is the same message to the mail clients (delivery is at least once).
        messageId: row.message_id,
      };
      try {
        await mail.send(message);
        await repository.markSent(row.id, now().toISOString());
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        const next = new Date(at.getTime() + retryDelayMs(attempts)).toISOString();
        await repository.markFailed(row.id, attempts, next, error instanceof Error ? error.message : String(error));
        log.warn({ err: error, to: row.to_address, attempts, next }, `mail "${row.subject}" not sent yet; will retry`);
        failed += 1;
      }
    }
    return { sent, failed };
  }

  return {
    /**
     * Keeps a message to send, in `executor`'s transaction when given. A templated one is rendered
     * now, with the template as saved in that transaction: the mail says what the shop's words were
     * when the change happened.
     */
    async enqueue(mail: MailMessage | TemplatedMail, executor?: Executor): Promise<void> {
      const message = "template" in mail ? await templates.compose(mail, executor) : mail;
      const id = newId();
      await repository.insert(
        {
          id,
          message: { replyTo: await options.replyTo(), ...message, messageId: `<${id}@${options.messageIdDomain}>` },
          at: now().toISOString(),
        },
        executor,
      );
    },
    deliver,
    /**
     * Sends what is due after the answer has gone (shutdown waits for it). A full batch may leave
     * more due (after a crash, every claim of the dead instance runs out at once), so it goes on
     * until a batch comes back short, within a bound.
     */
    deliverSoon(): void {
      background.run("sending mail from the outbox", async () => {
        for (let round = 0; round < MAX_ROUNDS; round++) {
          const { sent, failed } = await deliver();
          if (sent + failed < BATCH) return;
        }
      });
    },
    unsent: () => repository.unsent(),
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
