import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The recipients' bare addresses, comma-separated. */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header as sent, such as <id@localhost>. */
  messageId: string;
  /** The Reply-To address, or "" for none. */
  replyTo: string;
}

/**
 * A real SMTP server on a free local port that keeps what it receives, for tests. `delayMs`
 * holds each answer back, like a distant mail server.
 */
export async function startMailbox(options: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  /** While true, every message is refused with a temporary error (451), as by a mail server in trouble. */
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to ?? []]
            .flat()
            .flatMap((group) => group.value.map((address) => address.address ?? ""))
            .join(", ");
          received.push({
            to,
            from: mail.from?.text ?? "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            messageId: mail.messageId ?? "",
            replyTo: mail.replyTo?.value.map((address) => address.address ?? "").join(", ") ?? "",
          });
          setTimeout(callback, options.delayMs ?? 0);
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(on: boolean): void {
      refusing = on;
    },
    /** Messages sent to one address so far. */
    to(address: string): ReceivedMail[] {
      return received.filter((mail) => mail.to.toLowerCase().split(", ").includes(address.toLowerCase()));
    },
    /** The link to a page of the shop in the newest message to an address. */
    linkTo(address: string, path: string): string {
      const mail = this.to(address).at(-1);
      const match = mail?.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_%-]+`));
      if (!match) throw new Error(`no ${path} link in the mail to ${address}`);
      return match[0];
    },
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
