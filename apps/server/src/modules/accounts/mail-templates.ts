import { letter } from "../mail/letter.ts";
import type { MailMessage } from "../mail/service.ts";
import type { TemplatedMail } from "../mail/template-service.ts";

/** A letter that names the shop: written when it is sent, with the shop's name as staff set it (Settings). */
export type ShopLetter = (shopName: string) => MailMessage;

/** The words are the shop's "verification" template (mail/template-kinds.ts has the default). */
export function verifyEmailLetter(to: string, firstName: string, url: string): TemplatedMail {
  return { template: "verification", to, values: { firstName, link: url } };
}

/** Sent instead of a second account when someone signs up with an address that has one (docs/decisions/011). */
export function alreadyRegisteredLetter(to: string, firstName: string, loginUrl: string, resetUrl: string): ShopLetter {
  return (shopName) =>
    letter({
      to,
      shopName,
      subject: `Your ${shopName} account`,
      greeting: `Hello ${firstName},`,
      paragraphs: [
        "Someone tried to sign up with this e-mail address, but it already has an account with us.",
        `If that was you, log in at ${loginUrl}. If you forgot your password, you can set a new one at ${resetUrl}.`,
      ],
      after: ["If it was not you, you can ignore this e-mail: nothing has changed."],
    });
}

export function resetPasswordLetter(to: string, firstName: string, url: string): TemplatedMail {
  return { template: "password_reset", to, values: { firstName, link: url } };
}

export function staffInvitationLetter(to: string, firstName: string, roleLabel: string, url: string): TemplatedMail {
  return { template: "invitation", to, values: { firstName, role: roleLabel, link: url } };
}

export function emailChangedLetter(to: string, firstName: string, newEmail: string): ShopLetter {
  return (shopName) =>
    letter({
      to,
      shopName,
      subject: `Your ${shopName} e-mail address was changed`,
      greeting: `Hello ${firstName},`,
      paragraphs: [`The e-mail address of your account was changed to ${newEmail}.`],
      after: ["If you did not do this, please contact us at once."],
    });
}

/**
 * Sent to an address that already has an account when another account asks to change to it:
 * the asker's answer does not tell them (docs/decisions/022), the owner of the address hears of it.
 */
export function addressInUseLetter(to: string, firstName: string, loginUrl: string): ShopLetter {
  return (shopName) =>
    letter({
      to,
      shopName,
      subject: `Your ${shopName} e-mail address`,
      greeting: `Hello ${firstName},`,
      paragraphs: [
        "Someone asked to move another account to this e-mail address. This address already has an account with us, so nothing was changed.",
        `If that was you, you can log in with this address at ${loginUrl}, or choose another address for the other account.`,
      ],
      after: ["If it was not you, you can ignore this e-mail."],
    });
}
