import { isStaffRole, roleLabels } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { BadgeCheck, MailWarning } from "lucide-react";
import { ChangeEmailForm } from "../../features/account/components/change-email-form.tsx";
import { ChangePasswordForm } from "../../features/account/components/change-password-form.tsx";
import { ProfileForm } from "../../features/account/components/profile-form.tsx";
import { panel } from "../../features/account/styles.ts";
import { useAccountUser } from "../../features/account/use-account-user.ts";
import { formatPhone } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";

export function meta() {
  return [
    ...pageMeta("My Account", "Your details, e-mail address and password."),
    { name: "robots", content: "noindex" },
  ];
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
