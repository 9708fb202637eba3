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
import { newId } from "../../lib/ids.ts";
import { HttpError, NotFoundError } from "../../plugins/errors.ts";
import type { Logger, MailService } from "../mail/service.ts";
import type { SettingsService } from "../settings/service.ts";
import {
  alreadyRegisteredLetter,
  emailChangedLetter,
  resetPasswordLetter,
  staffInvitationLetter,
  verifyEmailLetter,
} from "./mail-templates.ts";
import {
  hashPassword,
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

export interface AccountsOptions {
  publicUrl: string;
  mail: MailService;
  settings: SettingsService;
  log: Logger;
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

function passwordProblem(password: string, email: string): string | undefined {
  if (isCommonPassword(password)) return "This password is too common. Please choose another one.";
  if (password.toLowerCase() === email.toLowerCase()) return "Please do not use your e-mail address as the password.";
  return undefined;
}

export function createAccountsService(repo: AccountsRepository, options: AccountsOptions) {
  const now = options.now ?? (() => new Date());
  const { mail, log } = options;
  const link = (path: string, token: string) => `${options.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  /** Mail is sent after the change is saved; a failed send is logged and never undoes the change. */
  async function sendSafely(message: Parameters<MailService["send"]>[0]): Promise<void> {
    try {
      await mail.send(message);
    } catch (error) {
      log.error({ err: error, to: message.to, subject: message.subject }, "could not send mail");
    }
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

  async function sendVerification(user: UserRow): Promise<void> {
    const token = await issueToken(user, "verify_email");
    await sendSafely(verifyEmailLetter(user.email, user.first_name, link("/verify-email", token)));
  }

  async function sendReset(user: UserRow): Promise<void> {
    const token = await issueToken(user, "reset_password");
    await sendSafely(resetPasswordLetter(user.email, user.first_name, link("/reset-password", token)));
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

  async function checkCurrentPassword(user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new HttpError(400, "Your current password is not right.", {
        currentPassword: "Your current password is not right.",
      });
    }
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
      const problem = passwordProblem(input.password, input.email);
      if (problem) throw new HttpError(400, problem, { password: problem });
      const { gateMinAge } = await options.settings.get();
      const today = now().toISOString().slice(0, 10);
      const tooYoung = accountAgeProblem(input.dateOfBirth, today, gateMinAge);
      if (tooYoung) throw new HttpError(400, tooYoung, { dateOfBirth: tooYoung });
      const passwordHash = await hashPassword(input.password);
      const existing = await repo.findUserByEmail(input.email);
      if (existing) {
        await sendSafely(
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

    /** Checks the password (as slowly for unknown addresses) and starts a new session. */
    async login(email: string, password: string, userAgent: string | null): Promise<NewSession> {
      const user = await repo.findUserByEmail(email);
      if (!user) {
        await verifyAgainstNothing(password);
        throw new HttpError(401, LOGIN_FAILED);
      }
      if (!(await verifyPassword(user.password_hash, password))) throw new HttpError(401, LOGIN_FAILED);
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

    async verifyEmail(token: string): Promise<{ message: string }> {
      const at = now().toISOString();
      const ok = await repo.db.transaction().execute(async (trx) => {
        const used = await repo.useToken(sha256(token), "verify_email", at, trx);
        if (!used) return false;
        const user = await repo.findUserById(used.user_id, trx);
        // A link sent to an address the account no longer has verifies nothing.
        if (!user || user.email !== used.email) return false;
        await repo.updateUser(user.id, { email_verified_at: user.email_verified_at ?? at, updated_at: at }, trx);
        return true;
      });
      if (!ok) throw new HttpError(400, BAD_LINK, undefined, "invalid_link");
      return { message: "Your e-mail address is verified. You can log in now." };
    },

    async resendVerification(email: string): Promise<{ message: string }> {
      const user = await repo.findUserByEmail(email);
      if (user && !user.email_verified_at && !user.disabled_at) await sendVerification(user);
      return { message: RESENT };
    },

    async forgotPassword(email: string): Promise<{ message: string }> {
      const user = await repo.findUserByEmail(email);
      if (user && !user.disabled_at) await sendReset(user);
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
        const problem = passwordProblem(password, user.email);
        // Thrown inside the transaction, so the link stays unused.
        if (problem) throw new HttpError(400, problem, { password: problem });
        await repo.updateUser(
          user.id,
          { password_hash: passwordHash, email_verified_at: user.email_verified_at ?? at, updated_at: at },
          trx,
        );
        await repo.deleteSessionsOfUser(user.id, trx);
        return "done" as const;
      });
      if (outcome === "bad-link") throw new HttpError(400, BAD_LINK, undefined, "invalid_link");
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

    /** A new address must be verified again; the old one is told of the change. */
    async changeEmail(userId: string, email: string, currentPassword: string): Promise<User> {
      const user = await userOrThrow(userId);
      await checkCurrentPassword(user, currentPassword);
      if (email === user.email) return toUser(user);
      if (await repo.findUserByEmail(email)) {
        const text = "This e-mail address cannot be used. Please choose another one.";
        throw new HttpError(409, text, { email: text });
      }
      const at = now().toISOString();
      await repo.updateUser(userId, { email, email_verified_at: null, updated_at: at });
      const changed = await userOrThrow(userId);
      await sendSafely(emailChangedLetter(user.email, user.first_name, email));
      await sendVerification(changed);
      return toUser(changed);
    },

    /** Ends every session of the account, then starts a new one for the caller. */
    async changePassword(
      userId: string,
      currentPassword: string,
      newPassword: string,
      userAgent: string | null,
    ): Promise<NewSession> {
      const user = await userOrThrow(userId);
      await checkCurrentPassword(user, currentPassword);
      const problem = passwordProblem(newPassword, user.email);
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
      await sendSafely(
        staffInvitationLetter(row.email, row.first_name, roleLabels[row.role], link("/reset-password", token)),
      );
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
