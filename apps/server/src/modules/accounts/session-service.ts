import { randomBytes } from "node:crypto";
import { accountAgeProblem, type SignUp } from "@shop/shared";
import { Forbidden, Invalid, isDomainError, TooManyAttempts, Unauthenticated } from "@shop/shared/errors";
import { dayOf } from "@shop/shared/rules";
import { createAttemptLimiter } from "../../lib/attempt-limiter.ts";
import { newId } from "../../lib/ids.ts";
import {
  type AccountCore,
  type ActiveSession,
  ADDRESS_TAKEN_NOW,
  BAD_LINK,
  LOGIN_FAILED,
  type NewSession,
  passwordProblem,
  policyFor,
  RESENT,
  RESET_SENT,
  SIGNED_UP,
  TOUCH_EVERY_MS,
} from "./account-core.ts";
import { alreadyRegisteredLetter, emailChangedLetter } from "./mail-templates.ts";
import { hashPassword, sha256, verifyAgainstNothing, verifyPassword } from "./passwords.ts";
import { toUser, type UserRow } from "./repository.ts";

/** Signing up, verifying, logging in and out, sessions, and new passwords from mailed links. */
/** The 11th sign-up, link or mail request within 15 minutes, per address and per account, gets 429 (decision 011). */
export const REQUEST_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };

export function createSessionService(core: AccountCore) {
  const { repo, options, now, guard, sendLater, checkGuarded, sendVerification, sendReset, startSession, background } =
    core;
  const limiter = createAttemptLimiter({ ...REQUEST_LIMIT, now: () => now().getTime(), store: options.attempts });

  /** The keys this request counts under; refuses it when one of them is used up. */
  async function limited(action: string, address: string, email?: string): Promise<string[]> {
    const keys = [`${action}:ip:${address}`, ...(email ? [`${action}:account:${email}`] : [])];
    if (await limiter.isBlocked(keys)) {
      throw new TooManyAttempts("Too many attempts. Please wait 15 minutes and try again.");
    }
    return keys;
  }

  /** A link that does not work counts towards the limit; one that works does not. */
  async function countingBadLinks<T>(address: string, use: () => Promise<T>): Promise<T> {
    const keys = await limited("token", address);
    try {
      return await use();
    } catch (error) {
      if (isDomainError(error) && error.code === "invalid_link") await limiter.record(keys);
      throw error;
    }
  }

  async function verifyToken(token: string): Promise<{ message: string }> {
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
    if (outcome.problem) throw new Invalid(outcome.problem, { code: "invalid_link" });
    if (outcome.changed) {
      const { from, to } = outcome.changed;
      sendLater(emailChangedLetter(from.email, from.first_name, to));
      return { message: "Your new e-mail address is verified and is now the address of your account." };
    }
    return { message: "Your e-mail address is verified. You can log in now." };
  }

  async function resetWithToken(token: string, password: string): Promise<{ message: string }> {
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
      if (problem) throw new Invalid(problem, { fields: { password: problem } });
      await repo.updateUser(
        user.id,
        { password_hash: passwordHash, email_verified_at: user.email_verified_at ?? at, updated_at: at },
        trx,
      );
      await repo.deleteSessionsOfUser(user.id, trx);
      return { email: user.email };
    });
    if (outcome === "bad-link") throw new Invalid(BAD_LINK, { code: "invalid_link" });
    await guard.forgetAccount(outcome.email);
    return { message: "Your new password is saved. Please log in with it." };
  }

  return {
    /**
     * Creates an unverified customer and sends the verification link. An address that already
     * has an account gets a note instead, and the caller sees the same answer (docs/decisions/011).
     */
    async signUp(input: SignUp, address: string): Promise<{ message: string }> {
      await limiter.record(await limited("signup", address, input.email));
      const problem = passwordProblem(input.password, input);
      if (problem) throw new Invalid(problem, { fields: { password: problem } });
      const { gateMinAge } = await options.settings.get();
      const today = dayOf(now());
      const tooYoung = accountAgeProblem(input.dateOfBirth, today, gateMinAge);
      if (tooYoung) throw new Invalid(tooYoung, { fields: { dateOfBirth: tooYoung } });
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
        () => new Unauthenticated(LOGIN_FAILED),
      );
      if (!user) throw new Unauthenticated(LOGIN_FAILED);
      if (user.disabled_at) {
        throw new Forbidden("This account is disabled. Please contact us if you think this is a mistake.", {
          code: "account_disabled",
        });
      }
      if (!user.email_verified_at) {
        throw new Forbidden(
          "Please verify your e-mail address first: follow the link in the e-mail we sent you. We can send it again.",
          { code: "email_not_verified" },
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
    verifyEmail(token: string, address: string): Promise<{ message: string }> {
      return countingBadLinks(address, () => verifyToken(token));
    },

    /** Answers at once, whatever the address; the lookup and the mail come after (docs/decisions/022). */
    async resendVerification(email: string, address: string): Promise<{ message: string }> {
      await limiter.record(await limited("resend", address, email));
      background.run("resending a verification link", async () => {
        const user = await repo.findUserByEmail(email);
        if (user && !user.email_verified_at && !user.disabled_at) await sendVerification(user);
      });
      return { message: RESENT };
    },

    /** Answers at once, whatever the address; the lookup, the link and the mail come after. */
    async forgotPassword(email: string, address: string): Promise<{ message: string }> {
      await limiter.record(await limited("reset", address, email));
      background.run("sending a password reset link", async () => {
        const user = await repo.findUserByEmail(email);
        if (user && !user.disabled_at) await sendReset(user);
      });
      return { message: RESET_SENT };
    },

    /** Sets the new password, ends every session of the account and counts as a verified address. */
    resetPassword(token: string, password: string, address: string): Promise<{ message: string }> {
      return countingBadLinks(address, () => resetWithToken(token, password));
    },
    /**
     * At first start, when there is no Owner, one is created from
     * ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password that the caller prints once.
     */
    async ensureFirstOwner(
      email: string,
      password: string | undefined,
    ): Promise<{ email: string; generatedPassword?: string } | null> {
      if (await repo.hasOwner()) return null;
      const chosen = password ?? randomBytes(15).toString("base64url");
      const at = now().toISOString();
      const existing = await repo.findUserByEmail(email);
      const passwordHash = await hashPassword(chosen);
      if (existing) {
        await repo.updateUser(existing.id, {
          role: "owner",
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
          role: "owner",
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
