/**
 * Roles from least to most: a customer buys; Staff run orders (refunds aside), products and stock,
 * COAs, the blog and the inbox; a Manager also the money, the rules and the settings; the Owner
 * also staff accounts and the audit log (docs/decisions/077).
 */
export const ROLES = ["customer", "staff", "manager", "owner"] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ["staff", "manager", "owner"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);
export const roleLabels: Record<Role, string> = {
  customer: "Customer",
  staff: "Staff",
  manager: "Manager",
  owner: "Owner",
};
/** What each staff role may use, in the words of the staff form and list. */
export const staffRoleDescriptions: Record<StaffRole, string> = {
  staff: "Orders (not refunds), products and stock, lab results, the blog and the inbox.",
  manager: "Everything but staff accounts and the audit log: also refunds, discounts, settings and rules.",
  owner: "Everything, staff accounts and the audit log too.",
};

/**
 * Who may call a route or open a page: anyone, any signed-in account, or the lowest staff role
 * that may (every role above it may too). Each API route declares one (`config.access`).
 */
export const ACCESS_LEVELS = ["public", "customer", "staff", "manager", "owner"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

const rank: Record<Role, number> = { customer: 1, staff: 2, manager: 3, owner: 4 };
const needed: Record<Access, number> = { public: 0, customer: 1, staff: 2, manager: 3, owner: 4 };

/** Whether a visitor of this role (null: not signed in) may use what needs this access. */
export function allows(access: Access, role: Role | null): boolean {
  if (access === "public") return true;
  return role !== null && rank[role] >= needed[access];
}

/** The accounts that may use what needs this access, in words: "a Manager or Owner account". */
export const accountsFor: Record<Access, string> = {
  public: "no account",
  customer: "an account",
  staff: "a staff account",
  manager: "a Manager or Owner account",
  owner: "an Owner account",
};

/** At least 8 characters, long ones accepted, no composition rules (docs/decisions/011). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const USERS_PAGE_SIZE = 25;

/** What a buyer is told once their new password is saved (the API's answer and the profile page's). */
export const PASSWORD_CHANGED = "Your new password is saved. You were logged out everywhere else.";
