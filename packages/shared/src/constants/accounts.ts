export const ROLES = ["customer", "staff", "super_admin"] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ["staff", "super_admin"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);
export const roleLabels: Record<Role, string> = { customer: "Customer", staff: "Staff", super_admin: "Super Admin" };

/** security.md 13: at least 8 characters, long ones accepted, no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const USERS_PAGE_SIZE = 25;
