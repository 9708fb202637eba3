import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";

/** The part of a logger the services use; Fastify's logger or the console. */
export type Logger = Pick<FastifyBaseLogger, "debug" | "info" | "warn" | "error">;

import nodemailer from "nodemailer";
import { privateFolder } from "../../lib/private-files.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The one link the message is about. When mail goes to files it is logged at debug level only
   * (it carries a secret token), so a fresh install can follow it with LOG_LEVEL=debug.
   */
  link?: string;
  /** Where answers go: the store profile's e-mail, set by the outbox when the message is written. */
  replyTo?: string;
  /** The message's one Message-ID, kept with it in the outbox so that a retry is the same message. */
  messageId?: string;
}

export interface MailOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Logger;
}

export function mailDir(dataDir: string): string {
  return path.join(dataDir, "mail");
}

/**
 * Sends mail over SMTP_URL. Without one, each message is written to DATA_DIR/mail as an .eml
 * file, so a fresh install can still verify accounts (the file is logged; its link at debug level).
 */
export function createMailService(options: MailOptions) {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    async send(message: MailMessage): Promise<void> {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
      if (options.smtpUrl) return;
      const dir = mailDir(options.dataDir);
      // Its messages carry one-time links: the owner's alone (lib/private-files.ts).
      privateFolder(dir);
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-z0-9]/gi, "")}.eml`,
      );
      // Written off the event loop's thread: opening a file took 1 ms of every order's time here (decision 085).
      await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      options.log.info({ to: message.to, file }, `Mail written to a file: ${message.subject}`);
      if (message.link) options.log.debug({ to: message.to, link: message.link }, "The link in that mail");
    },
    close(): void {
      transport.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
