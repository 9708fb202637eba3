import { changeEmailSchema, changePasswordSchema } from "@shop/shared";
import { isStaffRole, PASSWORD_CHANGED, roleLabels } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { BadgeCheck, MailWarning } from "lucide-react";
import { data } from "react-router";
import type { z } from "zod";
import type { AccountFormAnswer } from "../../features/account/account-form.ts";
import { ChangeEmailForm } from "../../features/account/components/change-email-form.tsx";
import { ChangePasswordForm } from "../../features/account/components/change-password-form.tsx";
import { ProfileForm, profileFieldNames, profileFormSchema } from "../../features/account/components/profile-form.tsx";
import { panel } from "../../features/account/styles.ts";
import { useAccountUser } from "../../features/account/use-account-user.ts";
import { pick, postedFields, schemaMessages } from "../../lib/form-action.ts";
import { formatPhone } from "../../lib/format.ts";
import { requireUser } from "../../lib/guards.ts";
import { pageMeta } from "../../lib/meta.ts";
import { serviceAnswer } from "../../lib/service-answer.server.ts";
import type { Route } from "./+types/profile";

export function meta() {
  return [
    ...pageMeta("My Account", "Your details, e-mail address and password."),
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The profile's three forms, named by `intent` (decision 089), each through the accounts service as
 * its /api route calls it: the details (a date of birth at the shop's age, once), the e-mail
 * address (a link to the new one) and the password (other sessions end; this one goes on, with a
 * new cookie). A refusal sends back what was typed, never a password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context.user);
  const { accounts, settings } = context.services;
  const { address, userAgent } = context.sender;
  const fields = await postedFields(request);
  const intent = fields.intent ?? "";
  const answer = async <T,>(
    typed: Record<string, string | undefined>,
    change: () => Promise<T>,
    done: (value: T) => string | Promise<string>,
  ) => {
    const result = await serviceAnswer(change);
    if (!result.ok)
      return data<AccountFormAnswer>(
        { intent, refusal: result.refusal, values: defined(typed) },
        { status: result.status },
      );
    return data<AccountFormAnswer>({ intent, done: await done(result.value) });
  };
  const invalid = (error: z.ZodError, typed: Record<string, string | undefined>) =>
    data<AccountFormAnswer>(
      { intent, refusal: { invalid: schemaMessages(error) }, values: defined(typed) },
      { status: 400 },
    );

  if (intent === "email") {
    const values = pick(fields, ["email", "currentPassword"]);
    const typed = { email: values.email };
    const checked = changeEmailSchema.safeParse(values);
    if (!checked.success) return invalid(checked.error, typed);
    const { email, currentPassword } = checked.data;
    return answer(
      typed,
      () => accounts.changeEmail(user.id, email, currentPassword, address),
      (receipt) => receipt.message,
    );
  }
  if (intent === "password") {
    const values = pick(fields, ["currentPassword", "newPassword"]);
    const checked = changePasswordSchema.safeParse(values);
    if (!checked.success) return invalid(checked.error, {});
    const { currentPassword, newPassword } = checked.data;
    return answer(
      {},
      () => accounts.changePassword(user.id, currentPassword, newPassword, userAgent, address),
      async (session) => {
        await context.session.start(session);
        return PASSWORD_CHANGED;
      },
    );
  }
  const { dateOfBirth, ...rest } = pick(fields, profileFieldNames);
  const values = dateOfBirth ? { ...rest, dateOfBirth } : rest;
  const { gateMinAge } = await settings.getPublic();
  const checked = profileFormSchema(gateMinAge).safeParse(values);
  if (!checked.success) return invalid(checked.error, values);
  const { dateOfBirth: given, ...details } = checked.data;
  return answer(
    values,
    () => accounts.updateProfile(user.id, { ...details, ...(given ? { dateOfBirth: given } : {}) }),
    async () => {
      await context.session.reload();
      return "Your details are saved.";
    },
  );
}

/** The typed fields that were there (a form's values as the action sends them back). */
function defined(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export default function Profile() {
  const user = useAccountUser();
  const details = [
    { term: "Name", value: `${user.firstName} ${user.lastName}` },
    { term: "Date of birth", value: user.dateOfBirth ? formatDate(user.dateOfBirth) : "Not given" },
    { term: "Phone", value: user.phone ? formatPhone(user.phone) : "Not given" },
    ...(isStaffRole(user.role) ? [{ term: "Role", value: roleLabels[user.role] }] : []),
  ];
  return (
    <div className="space-y-6">
      <section aria-labelledby="profile-title" className={panel}>
        <h2 id="profile-title" className="font-semibold text-lg">
          Profile
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
          <div className="sm:col-span-2">
            <dt className="text-muted">E-mail</dt>
            <dd className="mt-0.5 flex flex-wrap items-center gap-2 font-medium">
              <span className="break-all">{user.email}</span>
              {user.emailVerified ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-900 text-xs">
                  <BadgeCheck aria-hidden="true" className="size-3.5" />
                  Verified
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-950 text-xs">
                  <MailWarning aria-hidden="true" className="size-3.5" />
                  Not verified
                </span>
              )}
            </dd>
          </div>
          {details.map(({ term, value }) => (
            <div key={term}>
              <dt className="text-muted">{term}</dt>
              <dd className="mt-0.5 font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ProfileForm user={user} />
      <ChangeEmailForm />
      <ChangePasswordForm user={user} />
    </div>
  );
}
