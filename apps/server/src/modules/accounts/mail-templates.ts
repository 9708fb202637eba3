import { STORE_NAME } from "@shop/shared";
import type { MailMessage } from "../mail/service.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

interface Letter {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** After the button: how long the link lasts, what to do if this was not you. */
  after: string[];
}

/** One layout for every account e-mail: plain text and simple, inline-styled HTML. */
function letter({ to, subject, greeting, paragraphs, action, after }: Letter): MailMessage {
  const text = [
    greeting,
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...after,
    `— ${STORE_NAME}`,
  ].join("\n\n");
  const p = (line: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#14532d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f2;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#14532d">${escapeHtml(STORE_NAME)}</p>
${[greeting, ...paragraphs].map(p).join("\n")}
${button}
${after.map(p).join("\n")}
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(STORE_NAME)} sells age-restricted products to adults only.</p>
</div></body></html>`;
  return { to, subject, text, html, link: action?.url };
}

export function verifyEmailLetter(to: string, firstName: string, url: string): MailMessage {
  return letter({
    to,
    subject: `Verify your e-mail address for ${STORE_NAME}`,
    greeting: `Hello ${firstName},`,
    paragraphs: ["Thank you for signing up. Please confirm that this e-mail address is yours before you log in."],
    action: { label: "Verify my e-mail address", url },
    after: ["The link works once and expires in 24 hours.", "If you did not sign up, you can ignore this e-mail."],
  });
}

/** Sent instead of a second account when someone signs up with an address that has one (security.md 15). */
export function alreadyRegisteredLetter(
  to: string,
  firstName: string,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  return letter({
    to,
    subject: `Your ${STORE_NAME} account`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      "Someone tried to sign up with this e-mail address, but it already has an account with us.",
      `If that was you, log in at ${loginUrl}. If you forgot your password, you can set a new one at ${resetUrl}.`,
    ],
    after: ["If it was not you, you can ignore this e-mail: nothing has changed."],
  });
}

export function resetPasswordLetter(to: string, firstName: string, url: string): MailMessage {
  return letter({
    to,
    subject: `Set a new password for ${STORE_NAME}`,
    greeting: `Hello ${firstName},`,
    paragraphs: ["We received a request to set a new password for your account."],
    action: { label: "Choose a new password", url },
    after: [
      "The link works once and expires in 1 hour.",
      "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    ],
  });
}

export function staffInvitationLetter(to: string, firstName: string, roleLabel: string, url: string): MailMessage {
  return letter({
    to,
    subject: `Your ${STORE_NAME} staff account`,
    greeting: `Hello ${firstName},`,
    paragraphs: [`An account with the role ${roleLabel} was created for you in the ${STORE_NAME} dashboard.`],
    action: { label: "Choose your password", url },
    after: ["The link works once and expires in 24 hours. Ask a super admin for a new one if it has expired."],
  });
}

export function emailChangedLetter(to: string, firstName: string, newEmail: string): MailMessage {
  return letter({
    to,
    subject: `Your ${STORE_NAME} e-mail address was changed`,
    greeting: `Hello ${firstName},`,
    paragraphs: [`The e-mail address of your account was changed to ${newEmail}.`],
    after: ["If you did not do this, please contact us at once."],
  });
}

/**
 * Sent to an address that already has an account when another account asks to change to it:
 * the asker's answer does not tell them (issue 12), the owner of the address hears of it.
 */
export function addressInUseLetter(to: string, firstName: string, loginUrl: string): MailMessage {
  return letter({
    to,
    subject: `Your ${STORE_NAME} e-mail address`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      "Someone asked to move another account to this e-mail address. This address already has an account with us, so nothing was changed.",
      `If that was you, you can log in with this address at ${loginUrl}, or choose another address for the other account.`,
    ],
    after: ["If it was not you, you can ignore this e-mail."],
  });
}
