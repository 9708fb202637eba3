import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { simpleParser } from "mailparser";

/** The mail the test shop sent over SMTP, saved by e2e/serve.mjs. */
export async function lastMailTo(address: string): Promise<{ subject: string; text: string; html: string }> {
  const dir = process.env.E2E_MAILBOX ?? "";
  let found: { subject: string; text: string; html: string } | undefined;
  await expect
    .poll(
      async () => {
        for (const name of readdirSync(dir).sort().reverse()) {
          const mail = await simpleParser(readFileSync(path.join(dir, name)));
          const to = [mail.to ?? []].flat().flatMap((group) => group.value.map((a) => a.address?.toLowerCase()));
          if (to.includes(address.toLowerCase())) {
            found = {
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
            };
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as { subject: string; text: string; html: string };
}

/** The link to one of the shop's pages in the newest mail to an address, as a path. */
export async function linkInMail(address: string, pagePath: string): Promise<string> {
  const mail = await lastMailTo(address);
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pagePath}\\?token=[A-Za-z0-9_%-]+`));
  if (!match) throw new Error(`no ${pagePath} link in the mail to ${address}: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
