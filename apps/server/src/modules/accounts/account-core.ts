import { isStaffRole, type Role, type User } from "@shop/shared";
import { type DomainError, Invalid, NotFound, TooManyAttempts } from "@shop/shared/errors";
import type { Executor } from "../../db/database.ts";
import type { TokenPurpose } from "../../db/types.ts";
import type { BackgroundWork } from "../../lib/background.ts";
import type { AttemptStore } from "../../lib/shared-state.ts";
import type { AuditRecorder } from "../audit/service.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { MailMessage } from "../mail/service.ts";
import type { TemplatedMail } from "../mail/template-service.ts";
import type { SettingsService } from "../settings/service.ts";
import { resetPasswordLetter, type ShopLetter, verifyEmailLetter } from "./mail-templates.ts";
import { createPasswordGuard, waitInWords } from "./password-guard.ts";
import { isBuiltFromOwnDetails, isCommonPassword, newSecret, sha256, verifyPassword } from "./passwords.ts";
import { type AccountsRepository, toUser, type UserRow } from "./repository.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Customers 14 days idle / 30 days in all; staff 2 hours idle / 12 hours in all (docs/decisions/011). */
export const SESSION_POLICY = {
  customer: { idleMs: 14 * DAY, absoluteMs: 30 * DAY },
  staff: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
} as const;
/** last_seen_at is written at most this often, so browsing does not write on every request. */
export const TOUCH_EVERY_MS = 60 * 1000;

const TOKEN_LIFETIME: Record<TokenPurpose, number> = { verify_email: DAY, reset_password: HOUR };
export const INVITATION_LIFETIME = DAY;

export const LOGIN_FAILED = "E-mail or password is wrong.";
export const SIGNED_UP = "Thank you. Please check your e-mail and follow the link in it to verify your account.";
export const RESET_SENT = "If an account uses this e-mail address, we have sent it a link to choose a new password.";
export const RESENT = "If this e-mail address has an account that is not verified yet, we have sent it a new link.";
export const BAD_LINK = "This link is not valid any more: it was already used, has expired, or is incomplete.";
export const ADDRESS_TAKEN_NOW =
  "This e-mail address is used by another account by now, so your address was not changed. Please choose another one.";

export interface AccountsOptions {
  publicUrl: string;
  outbox: MailOutbox;
  settings: SettingsService;
  /** Where mail and the work behind "forgot password" run, after the answer. */
  background: BackgroundWork;
  /** Changes to staff accounts are in the audit log, in the change's transaction (docs/decisions/053). */
  audit: AuditRecorder;
  /** Where rate limits and wrong passwords are counted: every instance's through Redis, or this one's. */
  attempts?: AttemptStore;
  now?: () => Date;
}

export interface NewSession {
  user: User;
  /** The cookie value; only its hash is stored. */
  sessionId: string;
  expiresAt: Date;
}

export interface ActiveSession {
  user: User;
  idHash: string;
}

export function policyFor(role: Role) {
  return isStaffRole(role) ? SESSION_POLICY.staff : SESSION_POLICY.customer;
}

export function passwordProblem(
  password: string,
  person: { email: string; firstName?: string | null; lastName?: string | null },
): string | undefined {
  if (isCommonPassword(password)) return "This password is too common. Please choose another one.";
  if (password.toLowerCase() === person.email.toLowerCase()) {
    return "Please do not use your e-mail address as the password.";
  }
  if (isBuiltFromOwnDetails(password, person)) {
    return "This password is made from your name or e-mail address. Please choose another one.";
  }
  return undefined;
}

/**
 * What the three account services share: tokens, mail after the answer, sessions, the password
 * guard and the lookups that throw. Module-internal: routes use the services (service.ts).
 */
export function createAccountCore(repo: AccountsRepository, options: AccountsOptions) {
  const now = options.now ?? (() => new Date());
  const { outbox, background } = options;
  // Counts wrong passwords at login and wherever the current password is asked for.
  const guard = createPasswordGuard(undefined, () => now().getTime(), options.attempts);
  const link = (path: string, token: string) => `${options.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  /**
   * Mail goes after the answer, once the change is saved: into the outbox, then sent; the answer
   * does not wait for the mail server, and a mail server that is down delays the mail, never loses
   * it (the outbox retries).
   */
  function sendLater(mail: MailMessage | TemplatedMail | ShopLetter): void {
    const what = typeof mail === "function" ? "a letter" : "template" in mail ? mail.template : mail.subject;
    background.run(`sending "${what}"`, async () => {
      // The shop's name is read here, after the answer, so that it never changes how long an answer takes.
      const message = typeof mail === "function" ? mail((await options.settings.get()).storeProfile.name) : mail;
      await outbox.enqueue(message);
      await outbox.deliver();
    });
  }

  /** A wrong password counts towards the guard; too many, and the password is not even checked. */
  async function checkGuarded(
    account: string,
    address: string,
    check: () => Promise<boolean>,
    wrong: () => DomainError,
  ): Promise<void> {
    const wait = await guard.waitMs(account, address);
    if (wait > 0) {
      throw new TooManyAttempts(
        `Too many wrong passwords. Please wait ${waitInWords(wait)}, or choose a new password with 'Forgot your password?'.`,
        { retryAfterSeconds: Math.ceil(wait / 1000), code: "too_many_attempts" },
      );
    }
    if (!(await check())) {
      await guard.failed(account, address);
      throw wrong();
    }
    await guard.succeeded(account, address);
  }

  async function issueToken(user: UserRow, purpose: TokenPurpose, lifetimeMs = TOKEN_LIFETIME[purpose]) {
    const token = newSecret();
    const at = now();
    await repo.db.transaction().execute(async (trx) => {
      await repo.retireTokens(user.id, purpose, at.toISOString(), trx);
      await repo.insertToken(
        {
          tokenHash: sha256(token),
          userId: user.id,
          purpose,
          email: user.email,
          now: at.toISOString(),
          expiresAt: new Date(at.getTime() + lifetimeMs).toISOString(),
        },
        trx,
      );
    });
    return token;
  }

  /** A verification link for an address: the account's own, or the one it is to change to. */
  async function sendVerification(user: UserRow, address = user.email): Promise<void> {
    const token = await issueToken({ ...user, email: address }, "verify_email");
    sendLater(verifyEmailLetter(address, user.first_name, link("/verify-email", token)));
  }

  async function sendReset(user: UserRow): Promise<void> {
    const token = await issueToken(user, "reset_password");
    sendLater(resetPasswordLetter(user.email, user.first_name, link("/reset-password", token)));
  }

  async function startSession(user: UserRow, userAgent: string | null): Promise<NewSession> {
    const sessionId = newSecret();
    const at = now();
    const policy = policyFor(user.role);
    const expiresAt = new Date(at.getTime() + policy.absoluteMs);
    await repo.insertSession({
      idHash: sha256(sessionId),
      userId: user.id,
      now: at.toISOString(),
      idleExpiresAt: new Date(at.getTime() + policy.idleMs).toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    await repo.updateUser(user.id, { last_login_at: at.toISOString() });
    return { user: toUser(user), sessionId, expiresAt };
  }

  async function userOrThrow(id: string, executor?: Executor): Promise<UserRow> {
    const user = await repo.findUserById(id, executor);
    if (!user) throw new NotFound(`user with id ${id} not found.`);
    return user;
  }

  /** Limited like logins (docs/decisions/022): a stolen session cannot try passwords without end. */
  function checkCurrentPassword(user: UserRow, password: string, address: string): Promise<void> {
    return checkGuarded(
      user.email,
      address,
      () => verifyPassword(user.password_hash, password),
      () =>
        new Invalid("Your current password is not right.", {
          fields: {
            currentPassword: "Your current password is not right.",
          },
        }),
    );
  }

  async function managedOfRoles(id: string, roles: readonly Role[], executor?: Executor): Promise<UserRow> {
    const user = await userOrThrow(id, executor);
    if (!roles.includes(user.role)) throw new NotFound(`user with id ${id} not found.`);
    return user;
  }

  return {
    repo,
    options,
    now,
    guard,
    background,
    link,
    sendLater,
    checkGuarded,
    issueToken,
    sendVerification,
    sendReset,
    startSession,
    userOrThrow,
    checkCurrentPassword,
    managedOfRoles,
  };
}

export type AccountCore = ReturnType<typeof createAccountCore>;
