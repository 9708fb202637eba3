import { STORE_NAME } from "@shop/shared";
import { letter } from "../mail/letter.ts";
import type { MailMessage } from "../mail/service.ts";

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
