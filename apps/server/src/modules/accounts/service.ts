import { randomBytes } from "node:crypto";
import {
  type Address,
  type AddressFields,
  accountAgeProblem,
  isStaffRole,
  type ManagedUser,
  type ManagedUserPage,
  type Role,
  roleLabels,
  type SignUp,
  USERS_PAGE_SIZE,
  type User,
} from "@shop/shared";
import type { TokenPurpose } from "../../db/types.ts";
import type { BackgroundWork } from "../../lib/background.ts";
import { newId } from "../../lib/ids.ts";
import { HttpError, NotFoundError, TooManyAttemptsError } from "../../plugins/errors.ts";
import type { MailService } from "../mail/service.ts";
import type { SettingsService } from "../settings/service.ts";
import {
  addressInUseLetter,
  alreadyRegisteredLetter,
  emailChangedLetter,
  resetPasswordLetter,
  staffInvitationLetter,
  verifyEmailLetter,
} from "./mail-templates.ts";
import { createPasswordGuard, type PasswordGuard, waitInWords } from "./password-guard.ts";
import {
  hashPassword,
  isBuiltFromOwnDetails,
  isCommonPassword,
  newSecret,
  sha256,
  verifyAgainstNothing,
  verifyPassword,
} from "./passwords.ts";
import { type AccountsRepository, type Executor, toManagedUser, toUser, type UserRow } from "./repository.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Issue 4: customers 14 days idle / 30 days in all; staff 2 hours idle / 12 hours in all. */
export const SESSION_POLICY = {
  customer: { idleMs: 14 * DAY, absoluteMs: 30 * DAY },
  staff: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
} as const;
/** last_seen_at is written at most this often, so browsing does not write on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

const TOKEN_LIFETIME: Record<TokenPurpose, number> = { verify_email: DAY, reset_password: HOUR };
const INVITATION_LIFETIME = DAY;

export const LOGIN_FAILED = "E-mail or password is wrong.";
const SIGNED_UP = "Thank you. Please check your e-mail and follow the link in it to verify your account.";
const RESET_SENT = "If an account uses this e-mail address, we have sent it a link to choose a new password.";
const RESENT = "If this e-mail address has an account that is not verified yet, we have sent it a new link.";
const BAD_LINK = "This link is not valid any more: it was already used, has expired, or is incomplete.";
const ADDRESS_TAKEN_NOW =
  "This e-mail address is used by another account by now, so your address was not changed. Please choose another one.";

export interface AccountsOptions {
  publicUrl: string;
  mail: MailService;
  settings: SettingsService;
  /** Where mail and the work behind "forgot password" run, after the answer. */
  background: BackgroundWork;
  /** Counts wrong passwords at login and wherever the current password is asked for. */
  passwordGuard?: PasswordGuard;
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

function policyFor(role: Role) {
  return isStaffRole(role) ? SESSION_POLICY.staff : SESSION_POLICY.customer;
}

function passwordProblem(
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

export function createAccountsService(repo: AccountsRepository, options: AccountsOptions) {
  const now = options.now ?? (() => new Date());
  const { mail, background } = options;
  const guard = options.passwordGuard ?? createPasswordGuard(undefined, () => now().getTime());
  const link = (path: string, token: string) => `${options.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  /**
   * Mail goes after the answer, once the change is saved: the answer does not wait for the mail
   * server, and a failed send is logged and never undoes the change.
   */
  function sendLater(message: Parameters<MailService["send"]>[0]): void {
    background.run(`sending "${message.subject}"`, () => mail.send(message));
  }

  /** A wrong password counts towards the guard; too many, and the password is not even checked. */
  async function checkGuarded(
    account: string,
    address: string,
    check: () => Promise<boolean>,
    wrong: () => HttpError,
  ): Promise<void> {
    const wait = guard.waitMs(account, address);
    if (wait > 0) {
      throw new TooManyAttemptsError(
        `Too many wrong passwords. Please wait ${waitInWords(wait)}, or choose a new password with 'Forgot your password?'.`,
        Math.ceil(wait / 1000),
      );
    }
    if (!(await check())) {
      guard.failed(account, address);
      throw wrong();
    }
    guard.succeeded(account, address);
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
    if (!user) throw new NotFoundError(`user with id ${id} not found.`);
    return user;
  }

  /** Limited like logins (issue 12): a stolen session cannot try passwords without end. */
  function checkCurrentPassword(user: UserRow, password: string, address: string): Promise<void> {
    return checkGuarded(
      user.email,
      address,
      () => verifyPassword(user.password_hash, password),
      () =>
        new HttpError(400, "Your current password is not right.", {
          currentPassword: "Your current password is not right.",
        }),
    );
  }

  async function managedOfRoles(id: string, roles: Role[], executor?: Executor): Promise<UserRow> {
    const user = await userOrThrow(id, executor);
    if (!roles.includes(user.role)) throw new NotFoundError(`user with id ${id} not found.`);
    return user;
  }

  return {
    /**
     * Creates an unverified customer and sends the verification link. An address that already
     * has an account gets a note instead, and the caller sees the same answer (security.md 15).
     */
    async signUp(input: SignUp): Promise<{ message: string }> {
      const problem = passwordProblem(input.password, input);
      if (problem) throw new HttpError(400, problem, { password: problem });
      const { gateMinAge } = await options.settings.get();
      const today = now().toISOString().slice(0, 10);
      const tooYoung = accountAgeProblem(input.dateOfBirth, today, gateMinAge);
      if (tooYoung) throw new HttpError(400, tooYoung, { dateOfBirth: tooYoung });
      const passwordHash = await hashPassword(input.password);
      const existing = await repo.findUserByEmail(input.email);
      if (existing) {
        sendLater(
          alreadyRegisteredLetter(
            existing.email,
            existing.first_name,
            `${options.publicUrl}/registration`,
            `${options.publicUrl}/forgot-password`,
          ),
        );
        return { message: SIGNED_UP };
      }
      const at = now().toISOString();
      const row: UserRow = {
        id: newId(),
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        date_of_birth: input.dateOfBirth,
        phone: input.phone,
        role: "customer",
        email_verified_at: null,
        disabled_at: null,
        last_login_at: null,
        created_at: at,
        updated_at: at,
      };
      try {
        await repo.insertUser(row);
      } catch (error) {
        // Two sign-ups with one address at the same moment: the second one is a duplicate.
        if (await repo.findUserByEmail(input.email)) return { message: SIGNED_UP };
        throw error;
      }
      await sendVerification(row);
      return { message: SIGNED_UP };
    },

    /**
     * Checks the password (as slowly for unknown addresses, and counted by the guard alike) and
     * starts a new session. `address` is the client's network address.
     */
    async login(email: string, password: string, userAgent: string | null, address: string): Promise<NewSession> {
      const user = await repo.findUserByEmail(email);
      await checkGuarded(
        email,
        address,
        async () => {
          if (user) return verifyPassword(user.password_hash, password);
          await verifyAgainstNothing(password);
          return false;
        },
        () => new HttpError(401, LOGIN_FAILED),
      );
      if (!user) throw new HttpError(401, LOGIN_FAILED);
      if (user.disabled_at) {
        throw new HttpError(
          403,
          "This account is disabled. Please contact us if you think this is a mistake.",
          undefined,
          "account_disabled",
        );
      }
      if (!user.email_verified_at) {
        throw new HttpError(
          403,
          "Please verify your e-mail address first: follow the link in the e-mail we sent you. We can send it again.",
          undefined,
          "email_not_verified",
        );
      }
      return startSession(user, userAgent);
    },

    /** The session behind a cookie, if it is live; renews its idle time now and then. */
    async resolveSession(sessionId: string): Promise<ActiveSession | null> {
      if (sessionId.length < 20 || sessionId.length > 100) return null;
      const idHash = sha256(sessionId);
      const session = await repo.findSession(idHash);
      if (!session) return null;
      const at = now();
      const iso = at.toISOString();
      if (session.expiresAt <= iso || session.idleExpiresAt <= iso || session.user.disabled_at) {
        await repo.deleteSession(idHash);
        return null;
      }
      if (at.getTime() - Date.parse(session.lastSeenAt) >= TOUCH_EVERY_MS) {
        const idle = new Date(at.getTime() + policyFor(session.user.role).idleMs).toISOString();
        await repo.touchSession(idHash, iso, idle < session.expiresAt ? idle : session.expiresAt);
      }
      return { user: toUser(session.user), idHash };
    },

    logout(idHash: string): Promise<unknown> {
      return repo.deleteSession(idHash);
    },

    /**
     * A verification link proves that whoever follows it reads the address it was sent to: the
     * account's own address is then verified, and an address the account asked to change to
     * becomes its address (the old one is told).
     */
    async verifyEmail(token: string): Promise<{ message: string }> {
      const at = now().toISOString();
      const outcome = await repo.db.transaction().execute(async (trx) => {
        const used = await repo.useToken(sha256(token), "verify_email", at, trx);
        if (!used) return { problem: BAD_LINK } as const;
        const user = await repo.findUserById(used.user_id, trx);
        if (!user || user.disabled_at) return { problem: BAD_LINK } as const;
        if (user.email === used.email) {
          await repo.updateUser(user.id, { email_verified_at: user.email_verified_at ?? at, updated_at: at }, trx);
          return { changed: null };
        }
        if (await repo.findUserByEmail(used.email, trx)) return { problem: ADDRESS_TAKEN_NOW } as const;
        await repo.updateUser(user.id, { email: used.email, email_verified_at: at, updated_at: at }, trx);
        return { changed: { from: user, to: used.email } };
      });
      if (outcome.problem) throw new HttpError(400, outcome.problem, undefined, "invalid_link");
      if (outcome.changed) {
        const { from, to } = outcome.changed;
        sendLater(emailChangedLetter(from.email, from.first_name, to));
        return { message: "Your new e-mail address is verified and is now the address of your account." };
      }
      return { message: "Your e-mail address is verified. You can log in now." };
    },

    /** Answers at once, whatever the address; the lookup and the mail come after (security.md 15). */
    resendVerification(email: string): { message: string } {
      background.run("resending a verification link", async () => {
        const user = await repo.findUserByEmail(email);
        if (user && !user.email_verified_at && !user.disabled_at) await sendVerification(user);
      });
      return { message: RESENT };
    },

    /** Answers at once, whatever the address; the lookup, the link and the mail come after. */
    forgotPassword(email: string): { message: string } {
      background.run("sending a password reset link", async () => {
        const user = await repo.findUserByEmail(email);
        if (user && !user.disabled_at) await sendReset(user);
      });
      return { message: RESET_SENT };
    },

    /** Sets the new password, ends every session of the account and counts as a verified address. */
    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const passwordHash = await hashPassword(password);
      const at = now().toISOString();
      const outcome = await repo.db.transaction().execute(async (trx) => {
        const used = await repo.useToken(sha256(token), "reset_password", at, trx);
        if (!used) return "bad-link" as const;
        const user = await repo.findUserById(used.user_id, trx);
        if (!user || user.email !== used.email || user.disabled_at) return "bad-link" as const;
        const problem = passwordProblem(password, {
          email: user.email,
          firstName: user.first_name,
          lastName: user.last_name,
        });
        // Thrown inside the transaction, so the link stays unused.
        if (problem) throw new HttpError(400, problem, { password: problem });
        await repo.updateUser(
          user.id,
          { password_hash: passwordHash, email_verified_at: user.email_verified_at ?? at, updated_at: at },
          trx,
        );
        await repo.deleteSessionsOfUser(user.id, trx);
        return { email: user.email };
      });
      if (outcome === "bad-link") throw new HttpError(400, BAD_LINK, undefined, "invalid_link");
      guard.forgetAccount(outcome.email);
      return { message: "Your new password is saved. Please log in with it." };
    },

    async getUser(id: string): Promise<User> {
      return toUser(await userOrThrow(id));
    },

    async updateProfile(
      userId: string,
      input: { firstName: string; lastName: string; dateOfBirth: string; phone: string | null },
    ): Promise<User> {
      const { gateMinAge } = await options.settings.get();
      const tooYoung = accountAgeProblem(input.dateOfBirth, now().toISOString().slice(0, 10), gateMinAge);
      if (tooYoung) throw new HttpError(400, tooYoung, { dateOfBirth: tooYoung });
      await repo.updateUser(userId, {
        first_name: input.firstName,
        last_name: input.lastName,
        date_of_birth: input.dateOfBirth,
        phone: input.phone,
        updated_at: now().toISOString(),
      });
      return toUser(await userOrThrow(userId));
    },

    /**
     * The address changes when the link mailed to the new address is followed (verifyEmail). The
     * answer is the same whether or not another account has that address (issue 12): the owner
     * of a taken address is told by mail instead, and nobody else learns it exists.
     */
    async changeEmail(userId: string, email: string, currentPassword: string, address: string) {
      const user = await userOrThrow(userId);
      await checkCurrentPassword(user, currentPassword, address);
      if (email === user.email) return { message: `${email} is already the address of your account.` };
      background.run("sending an address change link", async () => {
        const holder = await repo.findUserByEmail(email);
        if (holder) {
          sendLater(addressInUseLetter(email, holder.first_name, `${options.publicUrl}/registration`));
        } else {
          await sendVerification(user, email);
        }
      });
      return {
        message: `We have sent a link to ${email}. Your e-mail address changes when you open it (within 24 hours).`,
      };
    },

    /** Ends every session of the account, then starts a new one for the caller. */
    async changePassword(
      userId: string,
      currentPassword: string,
      newPassword: string,
      userAgent: string | null,
      address: string,
    ): Promise<NewSession> {
      const user = await userOrThrow(userId);
      await checkCurrentPassword(user, currentPassword, address);
      const problem = passwordProblem(newPassword, {
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
      });
      if (problem) throw new HttpError(400, problem, { newPassword: problem });
      const passwordHash = await hashPassword(newPassword);
      await repo.db.transaction().execute(async (trx) => {
        await repo.updateUser(userId, { password_hash: passwordHash, updated_at: now().toISOString() }, trx);
        await repo.deleteSessionsOfUser(userId, trx);
      });
      return startSession(await userOrThrow(userId), userAgent);
    },

    listAddresses(userId: string): Promise<Address[]> {
      return repo.listAddresses(userId);
    },

    async addAddress(userId: string, fields: AddressFields): Promise<Address> {
      const id = newId();
      const at = now().toISOString();
      await repo.db.transaction().execute(async (trx) => {
        const count = await repo.countAddresses(userId, trx);
        if (count >= 20) throw new HttpError(409, "Your address book is full (20 addresses). Please remove one first.");
        const isDefault = fields.isDefault || count === 0;
        if (isDefault) await repo.clearDefaultAddress(userId, trx);
        await repo.insertAddress(
          {
            id,
            user_id: userId,
            full_name: fields.fullName,
            line1: fields.line1,
            line2: fields.line2,
            city: fields.city,
            state: fields.state,
            zip: fields.zip,
            phone: fields.phone,
            is_default: isDefault ? 1 : 0,
            created_at: at,
            updated_at: at,
          },
          trx,
        );
      });
      return (await repo.findAddress(userId, id)) as Address;
    },

    /** Addresses of other accounts are "not found", never "forbidden" (security.md 9). */
    async updateAddress(userId: string, id: string, fields: AddressFields): Promise<Address> {
      await repo.db.transaction().execute(async (trx) => {
        const current = await repo.findAddress(userId, id, trx);
        if (!current) throw new NotFoundError(`address with id ${id} not found.`);
        if (fields.isDefault) await repo.clearDefaultAddress(userId, trx);
        await repo.updateAddress(
          userId,
          id,
          {
            full_name: fields.fullName,
            line1: fields.line1,
            line2: fields.line2,
            city: fields.city,
            state: fields.state,
            zip: fields.zip,
            phone: fields.phone,
            is_default: fields.isDefault || current.isDefault ? 1 : 0,
            updated_at: now().toISOString(),
          },
          trx,
        );
      });
      return (await repo.findAddress(userId, id)) as Address;
    },

    async deleteAddress(userId: string, id: string): Promise<void> {
      const result = await repo.deleteAddress(userId, id);
      if (Number(result.numDeletedRows) !== 1) throw new NotFoundError(`address with id ${id} not found.`);
    },

    async listUsers(kind: "customers" | "staff", q: string | undefined, page: number): Promise<ManagedUserPage> {
      const roles: Role[] = kind === "customers" ? ["customer"] : ["staff", "super_admin"];
      const { rows, total } = await repo.listUsers({ roles, q, page, pageSize: USERS_PAGE_SIZE });
      return { items: rows.map(toManagedUser), total, page, pageSize: USERS_PAGE_SIZE };
    },

    async getManaged(kind: "customers" | "staff", id: string): Promise<ManagedUser> {
      const roles: Role[] = kind === "customers" ? ["customer"] : ["staff", "super_admin"];
      return toManagedUser(await managedOfRoles(id, roles));
    },

    /** Disabling ends every session of the account at once. */
    async setDisabled(
      kind: "customers" | "staff",
      id: string,
      disabled: boolean,
      actorId: string,
    ): Promise<ManagedUser> {
      const roles: Role[] = kind === "customers" ? ["customer"] : ["staff", "super_admin"];
      const at = now().toISOString();
      await repo.db.transaction().execute(async (trx) => {
        const user = await managedOfRoles(id, roles, trx);
        if (disabled && user.id === actorId) throw new HttpError(409, "You cannot disable your own account.");
        if (
          disabled &&
          user.role === "super_admin" &&
          !user.disabled_at &&
          (await repo.countActiveSuperAdmins(trx)) <= 1
        ) {
          throw new HttpError(409, "This is the last active super admin, so it cannot be disabled.");
        }
        await repo.updateUser(id, { disabled_at: disabled ? (user.disabled_at ?? at) : null, updated_at: at }, trx);
        if (disabled) await repo.deleteSessionsOfUser(id, trx);
      });
      return toManagedUser(await userOrThrow(id));
    },

    /** A staff member starts verified, without a usable password, and chooses one from the e-mail. */
    async createStaff(input: {
      firstName: string;
      lastName: string;
      email: string;
      role: "staff" | "super_admin";
    }): Promise<ManagedUser> {
      if (await repo.findUserByEmail(input.email)) {
        const text = "An account with this e-mail address exists already.";
        throw new HttpError(409, text, { email: text });
      }
      const at = now().toISOString();
      const row: UserRow = {
        id: newId(),
        email: input.email,
        password_hash: await hashPassword(newSecret()),
        first_name: input.firstName,
        last_name: input.lastName,
        date_of_birth: null,
        phone: null,
        role: input.role,
        email_verified_at: at,
        disabled_at: null,
        last_login_at: null,
        created_at: at,
        updated_at: at,
      };
      await repo.insertUser(row);
      const token = await issueToken(row, "reset_password", INVITATION_LIFETIME);
      sendLater(staffInvitationLetter(row.email, row.first_name, roleLabels[row.role], link("/reset-password", token)));
      return toManagedUser(row);
    },

    async sendStaffPasswordReset(id: string): Promise<{ message: string }> {
      const user = await managedOfRoles(id, ["staff", "super_admin"]);
      if (user.disabled_at)
        throw new HttpError(409, "This account is disabled. Enable it before sending a reset link.");
      await sendReset(user);
      return { message: `A link to choose a new password was sent to ${user.email}.` };
    },

    /**
     * security.md 18: at first start, when there is no super admin, one is created from
     * ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password that the caller prints once.
     */
    async ensureFirstSuperAdmin(
      email: string,
      password: string | undefined,
    ): Promise<{ email: string; generatedPassword?: string } | null> {
      if (await repo.hasSuperAdmin()) return null;
      const chosen = password ?? randomBytes(15).toString("base64url");
      const at = now().toISOString();
      const existing = await repo.findUserByEmail(email);
      const passwordHash = await hashPassword(chosen);
      if (existing) {
        await repo.updateUser(existing.id, {
          role: "super_admin",
          password_hash: passwordHash,
          email_verified_at: existing.email_verified_at ?? at,
          disabled_at: null,
          updated_at: at,
        });
      } else {
        await repo.insertUser({
          id: newId(),
          email,
          password_hash: passwordHash,
          first_name: "Admin",
          last_name: "User",
          date_of_birth: null,
          phone: null,
          role: "super_admin",
          email_verified_at: at,
          disabled_at: null,
          last_login_at: null,
          created_at: at,
          updated_at: at,
        });
      }
      return password ? { email } : { email, generatedPassword: chosen };
    },

    deleteExpiredSessions(): Promise<unknown> {
      return repo.deleteExpiredSessions(now().toISOString());
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
