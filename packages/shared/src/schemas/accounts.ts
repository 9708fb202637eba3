import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, ROLES, STAFF_ROLES } from "../constants/accounts.ts";
import { accountAgeProblem } from "../rules/age.ts";
import { dayOf, isCalendarDay } from "../rules/days.ts";

export const roleSchema = z.enum(ROLES);

/** Whose field it is in the messages: the person filling in the form's, or someone they invite. */
type Whose = "your" | "their";

const trimmed = (name: string, max: number, whose: Whose = "your") =>
  z
    .string({ error: `Please enter ${whose} ${name}.` })
    .trim()
    .min(1, { error: `Please enter ${whose} ${name}.` })
    .max(max, { error: `Please keep ${whose} ${name} under ${max} characters.` });

const emailOf = (whose: Whose) =>
  z
    .string({ error: `Please enter ${whose} e-mail address.` })
    .trim()
    .min(1, { error: `Please enter ${whose} e-mail address.` })
    .max(254, { error: "Please enter a valid e-mail address." })
    .pipe(z.email({ error: "Please enter a valid e-mail address." }))
    .transform((email) => email.toLowerCase());

export const emailSchema = emailOf("your");

export const newPasswordSchema = z
  .string({ error: "Please choose a password." })
  .min(PASSWORD_MIN, { error: `Please use at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { error: `Please use at most ${PASSWORD_MAX} characters.` });

/** A password being checked, not chosen: any length up to the maximum. */
const givenPasswordSchema = z
  .string({ error: "Please enter your password." })
  .min(1, { error: "Please enter your password." })
  .max(PASSWORD_MAX, { error: "Please enter your password." });

/**
 * A calendar date as YYYY-MM-DD that really exists (no 31 February). The messages speak to
 * people: forms show a date picker (month, day, year in the US), never the wire format.
 */
export const isoDateSchema = z
  .string({ error: "Please enter a date." })
  .min(1, { error: "Please enter a date.", abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Please enter the whole date: month, day and year.", abort: true })
  .refine(isCalendarDay, "Please enter a real date.");

export const dateOfBirthSchema = isoDateSchema
  .refine((value) => value >= "1900-01-01", "Please check the year of your date of birth.")
  .refine((value) => value <= dayOf(new Date()), "Your date of birth cannot be in the future.");

/**
 * A date of birth old enough for an account at the gate's age, checked against today's date
 * in the browser before sending (the server checks it again with the same rule).
 */
export function accountDateOfBirthSchema(minAge: number) {
  return dateOfBirthSchema.superRefine((value, context) => {
    const problem = accountAgeProblem(value, dayOf(new Date()), minAge);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });
}

const PHONE_WORDS = "Please enter a US phone number with 10 digits.";

/**
 * US phone numbers: 10 digits, written any common way; stored as digits. No length check before
 * the digits are counted: a failed check there stops the schema early, and an "" | phone union
 * then answers "Invalid input" instead of these words (a phone typed with an extension, say).
 */
export const phoneSchema = z
  .string({ error: PHONE_WORDS })
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, "").replace(/^\+?1(?=\d{10}$)/, ""))
  .refine((digits) => /^\d{10}$/.test(digits), PHONE_WORDS);

/** An optional phone: an empty field means none. */
export const optionalPhoneSchema = z
  .union([z.literal(""), phoneSchema], { error: PHONE_WORDS })
  .optional()
  .transform((value) => value || null);

/** Sign-up (POST /api/User, multipart). Field names are matched case-insensitively by the server. */
export const signUpSchema = z.strictObject({
  firstName: trimmed("first name", 60),
  lastName: trimmed("last name", 60),
  email: emailSchema,
  password: newPasswordSchema,
  dateOfBirth: dateOfBirthSchema,
  phone: optionalPhoneSchema,
  acceptTerms: z
    .union([z.boolean(), z.enum(["true", "on", "false"])], { error: "Please accept the Terms and Conditions." })
    .transform((value) => value === true || value === "true" || value === "on")
    .refine((value) => value, "Please accept the Terms and Conditions."),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

export const loginSchema = z.strictObject({ email: emailSchema, password: givenPasswordSchema });
export type LoginInput = z.input<typeof loginSchema>;

export const emailOnlySchema = z.strictObject({ email: emailSchema });
export const tokenSchema = z.strictObject({
  token: z.string({ error: "The link is incomplete." }).min(20, { error: "The link is incomplete." }).max(200),
});
export const resetPasswordSchema = z.strictObject({
  token: tokenSchema.shape.token,
  password: newPasswordSchema,
});

/**
 * A profile change. The date of birth is asked once (docs/decisions/035): a profile without one may add it
 * here; once set, it may only be sent unchanged (staff correct it), and may be left out.
 */
export const profileSchema = z.strictObject({
  firstName: trimmed("first name", 60),
  lastName: trimmed("last name", 60),
  dateOfBirth: dateOfBirthSchema.optional(),
  phone: optionalPhoneSchema,
});
export type ProfileInput = z.input<typeof profileSchema>;

/** A date of birth given once by the buyer (PUT /api/account/date-of-birth) or corrected by staff. */
export const dateOfBirthInputSchema = z.strictObject({ dateOfBirth: dateOfBirthSchema });
export type DateOfBirthInput = z.input<typeof dateOfBirthInputSchema>;

export const changeEmailSchema = z.strictObject({ email: emailSchema, currentPassword: givenPasswordSchema });
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
export const changePasswordSchema = z.strictObject({
  currentPassword: givenPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The signed-in user as the API shows it: never a hash or a token, so no answer leaks a secret. */
export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string().nullable(),
    phone: z.string().nullable(),
    role: roleSchema,
    emailVerified: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;

/** A user as staff see them in the dashboard. */
export const managedUserSchema = userSchema
  .extend({ disabled: z.boolean(), lastLoginAt: z.string().nullable() })
  .meta({ id: "ManagedUser" });
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const messageSchema = z.object({ message: z.string() }).meta({ id: "Message" });
export type Message = z.infer<typeof messageSchema>;

export const sessionUserSchema = z.object({ user: userSchema }).meta({ id: "SessionUser" });
export type SessionUser = z.infer<typeof sessionUserSchema>;

const staffRoleSchema = z.enum(STAFF_ROLES, { error: "Please choose Owner, Manager or Staff." });

/** An invitation: the messages speak of the invitee ("their first name"), not of the one inviting. */
export const createStaffSchema = z.strictObject({
  firstName: trimmed("first name", 60, "their"),
  lastName: trimmed("last name", 60, "their"),
  email: emailOf("their"),
  role: staffRoleSchema,
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;

export const staffRoleChangeSchema = z.strictObject({ role: staffRoleSchema });
export type StaffRoleChange = z.infer<typeof staffRoleChangeSchema>;

export const managedUserPageSchema = z
  .object({
    items: z.array(managedUserSchema),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
  })
  .meta({ id: "ManagedUserPage" });
export type ManagedUserPage = z.infer<typeof managedUserPageSchema>;
