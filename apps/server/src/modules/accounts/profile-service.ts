import { type Address, type AddressFields, accountAgeProblem, type User } from "@shop/shared";
import { Conflict, Invalid, NotFound } from "@shop/shared/errors";
import { dayOf } from "@shop/shared/rules";
import { newId } from "../../lib/ids.ts";
import { type AccountCore, type NewSession, passwordProblem } from "./account-core.ts";
import { addressInUseLetter } from "./mail-templates.ts";
import { hashPassword } from "./passwords.ts";
import { toUser } from "./repository.ts";

/** The address book's columns for what the form says. */
function addressColumns(fields: AddressFields) {
  return {
    full_name: fields.fullName,
    line1: fields.line1,
    line2: fields.line2,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
    phone: fields.phone,
  };
}

export const DATE_OF_BIRTH_SET = "Your date of birth is set; contact us to correct it.";

/** A buyer's change of a date of birth already on the account (only staff correct it). */
function dateOfBirthIsSet(): Conflict {
  return new Conflict(DATE_OF_BIRTH_SET, { code: "date_of_birth_set", fields: { dateOfBirth: DATE_OF_BIRTH_SET } });
}

/** The signed-in buyer's own account: profile, e-mail, password and address book. */
export function createProfileService(core: AccountCore) {
  const {
    repo,
    options,
    now,
    sendLater,
    sendVerification,
    startSession,
    userOrThrow,
    checkCurrentPassword,
    background,
  } = core;
  /** An account holds a date of birth at least the gate's age (the minimum age at entry). */
  async function checkAccountAge(dateOfBirth: string): Promise<void> {
    const { gateMinAge } = await options.settings.get();
    const tooYoung = accountAgeProblem(dateOfBirth, dayOf(now()), gateMinAge);
    if (tooYoung) throw new Invalid(tooYoung, { fields: { dateOfBirth: tooYoung } });
  }

  return {
    async getUser(id: string): Promise<User> {
      return toUser(await userOrThrow(id));
    },

    /**
     * Name and phone change freely. The date of birth is the buyer's to give once (docs/decisions/035): a
     * profile without one may add it; once set, only the same date is accepted, any other is
     * refused and nothing of the profile changes (staff correct it: correctDateOfBirth).
     */
    async updateProfile(
      userId: string,
      input: { firstName: string; lastName: string; dateOfBirth?: string | undefined; phone: string | null },
    ): Promise<User> {
      const user = await userOrThrow(userId);
      const given = input.dateOfBirth;
      const adding = given !== undefined && given !== user.date_of_birth;
      if (adding) {
        if (user.date_of_birth) throw dateOfBirthIsSet();
        await checkAccountAge(given);
      }
      const at = now().toISOString();
      await repo.db.transaction().execute(async (trx) => {
        if (adding && !(await repo.setFirstDateOfBirth(userId, given, at, trx))) throw dateOfBirthIsSet();
        await repo.updateUser(
          userId,
          { first_name: input.firstName, last_name: input.lastName, phone: input.phone, updated_at: at },
          trx,
        );
      });
      return toUser(await userOrThrow(userId));
    },

    /**
     * The buyer gives the date of birth the account lacks (an account staff made, or one from
     * before it was asked): once. The same date again is answered as done (a retry after a lost
     * answer); another date is refused and changes nothing.
     */
    async setDateOfBirth(userId: string, dateOfBirth: string): Promise<User> {
      const user = await userOrThrow(userId);
      if (user.date_of_birth === dateOfBirth) return toUser(user);
      if (user.date_of_birth) throw dateOfBirthIsSet();
      await checkAccountAge(dateOfBirth);
      if (!(await repo.setFirstDateOfBirth(userId, dateOfBirth, now().toISOString()))) {
        // Another request set it in between: the same date is that retry, another is refused.
        const current = await userOrThrow(userId);
        if (current.date_of_birth !== dateOfBirth) throw dateOfBirthIsSet();
      }
      return toUser(await userOrThrow(userId));
    },

    /**
     * The address changes when the link mailed to the new address is followed (verifyEmail). The
     * answer is the same whether or not another account has that address (docs/decisions/022): the owner
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
      if (problem) throw new Invalid(problem, { fields: { newPassword: problem } });
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
        if (count >= 20) throw new Conflict("Your address book is full (20 addresses). Please remove one first.");
        const isDefault = fields.isDefault || count === 0;
        if (isDefault) await repo.clearDefaultAddress(userId, trx);
        await repo.insertAddress(
          {
            id,
            user_id: userId,
            ...addressColumns(fields),
            is_default: isDefault ? 1 : 0,
            created_at: at,
            updated_at: at,
          },
          trx,
        );
      });
      return (await repo.findAddress(userId, id)) as Address;
    },

    /** Addresses of other accounts are "not found", never "forbidden", so none is known to exist. */
    async updateAddress(userId: string, id: string, fields: AddressFields): Promise<Address> {
      await repo.db.transaction().execute(async (trx) => {
        const current = await repo.findAddress(userId, id, trx);
        if (!current) throw new NotFound(`address with id ${id} not found.`);
        if (fields.isDefault) await repo.clearDefaultAddress(userId, trx);
        await repo.updateAddress(
          userId,
          id,
          {
            ...addressColumns(fields),
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
      if (Number(result.numDeletedRows) !== 1) throw new NotFound(`address with id ${id} not found.`);
    },
  };
}
