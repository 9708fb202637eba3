import {
  type ManagedUser,
  type ManagedUserPage,
  type Role,
  roleLabels,
  STAFF_ROLES,
  type StaffRole,
  USERS_PAGE_SIZE,
} from "@shop/shared";
import { Conflict } from "@shop/shared/errors";
import { newId } from "../../lib/ids.ts";
import { recordedName } from "../../lib/recorded-actor.ts";
import { type AccountCore, INVITATION_LIFETIME } from "./account-core.ts";
import { staffInvitationLetter } from "./mail-templates.ts";
import { hashPassword, newSecret } from "./passwords.ts";
import { toManagedUser, toUser, type UserRow } from "./repository.ts";

/** Staff managing customer and staff accounts. */
export function createUserAdminService(core: AccountCore) {
  const { repo, now, sendLater, issueToken, sendReset, userOrThrow, managedOfRoles, link } = core;
  const rolesOf = (kind: "customers" | "staff"): readonly Role[] => (kind === "customers" ? ["customer"] : STAFF_ROLES);
  return {
    async listUsers(kind: "customers" | "staff", q: string | undefined, page: number): Promise<ManagedUserPage> {
      const roles = rolesOf(kind);
      const { rows, total } = await repo.listUsers({ roles, q, page, pageSize: USERS_PAGE_SIZE });
      return { items: rows.map(toManagedUser), total, page, pageSize: USERS_PAGE_SIZE };
    },

    /** Full names by id (the e-mail where a name is empty), for lists that say who did something. */
    async namesOf(ids: string[]): Promise<Map<string, string>> {
      const rows = await repo.userNames(ids);
      return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim() || row.email]));
    },

    /** Accounts' names and e-mail addresses, for mail and staff lists about them. */
    async contactsOf(ids: string[]): Promise<Map<string, { firstName: string; name: string; email: string }>> {
      const rows = await repo.userNames(ids);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            firstName: row.first_name,
            name: `${row.first_name} ${row.last_name}`.trim() || row.email,
            email: row.email,
          },
        ]),
      );
    },

    /** The accounts whose e-mail address contains `text` (a staff list's search by e-mail), at most 500. */
    idsWithEmailLike: (text: string): Promise<string[]> => repo.idsWithEmailLike(text, 500),

    async getManaged(kind: "customers" | "staff", id: string): Promise<ManagedUser> {
      const roles = rolesOf(kind);
      return toManagedUser(await managedOfRoles(id, roles));
    },

    /** Disabling ends every session of the account at once. */
    async setDisabled(
      kind: "customers" | "staff",
      id: string,
      disabled: boolean,
      actor: { id: string; name: string },
    ): Promise<ManagedUser> {
      const roles = rolesOf(kind);
      const at = now().toISOString();
      await repo.db.transaction().execute(async (trx) => {
        const user = await managedOfRoles(id, roles, trx);
        if (disabled && user.id === actor.id) throw new Conflict("You cannot disable your own account.");
        if (disabled && user.role === "owner" && !user.disabled_at && (await repo.countActiveOwners(trx)) <= 1) {
          throw new Conflict("This is the last active Owner, so it cannot be disabled.");
        }
        await repo.updateUser(id, { disabled_at: disabled ? (user.disabled_at ?? at) : null, updated_at: at }, trx);
        if (disabled) await repo.deleteSessionsOfUser(id, trx);
        if (kind === "staff") {
          await core.options.audit.record(trx, {
            actor,
            kind: "staff",
            subjectId: id,
            subjectLabel: `${recordedName(toUser(user))} (${user.email})`,
            action: disabled ? "disabled" : "enabled",
            before: { disabled: user.disabled_at !== null },
            after: { disabled },
          });
        }
      });
      return toManagedUser(await userOrThrow(id));
    },

    /**
     * Staff set or correct an account's date of birth (the buyer gives it only once): any real
     * date, so that the account holds the truth (from an ID); the purchase age is checked at every
     * order. Who did it and when is logged by the route: the audit log does not keep it (docs/decisions/053).
     */
    async correctDateOfBirth(kind: "customers" | "staff", id: string, dateOfBirth: string): Promise<ManagedUser> {
      await managedOfRoles(id, rolesOf(kind));
      await repo.updateUser(id, { date_of_birth: dateOfBirth, updated_at: now().toISOString() });
      return toManagedUser(await userOrThrow(id));
    },

    /** A staff member starts verified, without a usable password, and chooses one from the e-mail. */
    async createStaff(
      input: {
        firstName: string;
        lastName: string;
        email: string;
        role: StaffRole;
      },
      actor: { id: string; name: string },
    ): Promise<ManagedUser> {
      if (await repo.findUserByEmail(input.email)) {
        const text = "An account with this e-mail address exists already.";
        throw new Conflict(text, { fields: { email: text } });
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
      await repo.db.transaction().execute(async (trx) => {
        await repo.insertUser(row, trx);
        await core.options.audit.record(trx, {
          actor,
          kind: "staff",
          subjectId: row.id,
          subjectLabel: `${recordedName(toUser(row))} (${row.email})`,
          action: "created",
          before: null,
          after: { firstName: row.first_name, lastName: row.last_name, email: row.email, role: roleLabels[row.role] },
        });
      });
      const token = await issueToken(row, "reset_password", INVITATION_LIFETIME);
      sendLater(staffInvitationLetter(row.email, row.first_name, roleLabels[row.role], link("/reset-password", token)));
      return toManagedUser(row);
    },

    /**
     * An Owner gives a staff member another role, never their own: the Owner making the change
     * stays one, so the shop always has someone who can manage staff.
     */
    async changeStaffRole(id: string, role: StaffRole, actor: { id: string; name: string }): Promise<ManagedUser> {
      await repo.db.transaction().execute(async (trx) => {
        const user = await managedOfRoles(id, STAFF_ROLES, trx);
        if (user.role === role) return;
        if (user.id === actor.id) {
          const text = "You cannot change your own role; another Owner can.";
          throw new Conflict(text, { fields: { role: text } });
        }
        await repo.updateUser(id, { role, updated_at: now().toISOString() }, trx);
        // Their next request is checked against the new role: sessions read the role from the account.
        await core.options.audit.record(trx, {
          actor,
          kind: "staff",
          subjectId: id,
          subjectLabel: `${recordedName(toUser(user))} (${user.email})`,
          action: "role changed",
          before: { role: roleLabels[user.role] },
          after: { role: roleLabels[role] },
        });
      });
      return toManagedUser(await userOrThrow(id));
    },

    async sendStaffPasswordReset(id: string): Promise<{ message: string }> {
      const user = await managedOfRoles(id, STAFF_ROLES);
      if (user.disabled_at) throw new Conflict("This account is disabled. Enable it before sending a reset link.");
      await sendReset(user);
      return { message: `A link to choose a new password was sent to ${user.email}.` };
    },
  };
}
