import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { simpleParser } from "mailparser";

type Mail = { subject: string; text: string; html: string };

/**
 * The newest mail the test shop sent to an address over SMTP (saved by e2e/serve.mjs), once at
 * least `atLeast` have arrived: the shop sends mail after it answers, so a test that caused a
 * second mail waits for that one rather than reading the first.
 */
export async function lastMailTo(
  address: string,
  {
    atLeast = 1,
    /** Another test server's mailbox (the identity check's, decision 099); the main server's by default. */
    dir = process.env.E2E_MAILBOX ?? "",
  }: { atLeast?: number; dir?: string } = {},
): Promise<Mail> {
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        found = [];
        for (const name of readdirSync(dir).sort().reverse()) {
          const mail = await simpleParser(readFileSync(path.join(dir, name)));
          const to = [mail.to ?? []].flat().flatMap((group) => group.value.map((a) => a.address?.toLowerCase()));
          if (to.includes(address.toLowerCase())) {
            found.push({
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
            });
          }
        }
        return found.length >= atLeast;
      },
      { message: `${atLeast} mail(s) to ${address}`, timeout: 10_000 },
    )
    .toBe(true);
  return found[0] as Mail;
}

/** The link to one of the shop's pages in the newest mail to an address, as a path. */
export async function linkInMail(
  address: string,
  pagePath: string,
  options: { atLeast?: number; dir?: string } = {},
): Promise<string> {
  const mail = await lastMailTo(address, options);
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pagePath}\\?token=[A-Za-z0-9_%-]+`));
  if (!match) throw new Error(`no ${pagePath} link in the mail to ${address}: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
