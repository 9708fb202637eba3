import type { ManagedUser } from "@shop/shared";
import { isStaffRole, roleLabels, STAFF_ROLES, type StaffRole } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { type Status, StatusMessage } from "../../../components/ui/status-message.tsx";
import { errorMessage } from "../../../lib/api-error.ts";
import { useChangeStaffRole } from "../api/change-staff-role.ts";
import { useSendStaffPasswordReset } from "../api/send-staff-password-reset.ts";
import { useSetStaffDisabled } from "../api/set-staff-disabled.ts";
import { fullName } from "../format.ts";
import { StatusBadge } from "./account-badges.tsx";

interface Props {
  members: ManagedUser[];
  /** The signed-in member, marked "You". */
  selfId: string;
  stale: boolean;
}

/** Busy buttons are aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */
const button =
  "inline-flex h-9 items-center justify-center gap-1.5 rounded-full border px-3.5 font-medium text-sm aria-disabled:cursor-wait aria-disabled:opacity-60";

/** Staff accounts with what an Owner can do to each: change the role, send a password reset, disable or enable. */
export function StaffList({ members, selfId, stale }: Props) {
  const setDisabled = useSetStaffDisabled();
  const changeRole = useChangeStaffRole();
  /** A role chosen in a member's list but not saved yet. */
  const [chosen, setChosen] = useState<{ id: string; role: StaffRole } | null>(null);
  const sendReset = useSendStaffPasswordReset();
  /** The outcome of the last action, shown under the member it was about. */
  const [result, setResult] = useState<{ id: string; status: Status } | null>(null);
  const [confirming, setConfirming] = useState<ManagedUser | null>(null);

  function changeAccess(member: ManagedUser, disabled: boolean) {
    setResult(null);
    setDisabled.mutate(
      { id: member.id, disabled },
      {
        onSettled: () => setConfirming(null),
        onSuccess: (updated) =>
          setResult({
            id: member.id,
            status: {
              kind: "success",
              text: disabled
                ? `${fullName(updated)}'s account is disabled and every session of it has ended.`
                : `${fullName(updated)}'s account is enabled; they can sign in again.`,
            },
          }),
        onError: (error) =>
          setResult({
            id: member.id,
            status: { kind: "error", text: errorMessage(error, "The account could not be changed.") },
          }),
      },
    );
  }

  function saveRole(member: ManagedUser, role: StaffRole) {
    setResult(null);
    changeRole.mutate(
      { id: member.id, role },
      {
        onSuccess: (updated) => {
          setChosen(null);
          setResult({
            id: member.id,
            status: { kind: "success", text: `${fullName(updated)} is now ${roleLabels[updated.role]}.` },
          });
        },
        onError: (error) =>
          setResult({
            id: member.id,
            status: { kind: "error", text: errorMessage(error, "The role could not be changed.") },
          }),
      },
    );
  }

  function resetPassword(member: ManagedUser) {
    setResult(null);
    sendReset.mutate(member.id, {
      onSuccess: (answer) => setResult({ id: member.id, status: { kind: "success", text: answer.message } }),
      onError: (error) =>
        setResult({
          id: member.id,
          status: { kind: "error", text: errorMessage(error, "The password reset e-mail could not be sent.") },
        }),
    });
  }

  return (
    <>
      <ul
        aria-label="Staff accounts"
        aria-busy={stale || undefined}
        className={`divide-y divide-line rounded-2xl border border-line bg-white transition-opacity ${stale ? "opacity-60" : ""}`}
      >
        {members.map((member) => {
          const name = fullName(member);
          const changing = setDisabled.isPending && setDisabled.variables?.id === member.id;
          const resetting = sendReset.isPending && sendReset.variables === member.id;
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4 sm:px-5">
              <div className="min-w-0 flex-1 basis-64">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{name}</span>
                  {member.id === selfId && (
                    <span className="rounded-md bg-gray-100 px-1.5 py-0.5 font-medium text-muted text-xs">You</span>
                  )}
                </p>
                <p className="break-all text-muted text-sm">{member.email}</p>
                <p className="mt-2 flex flex-wrap items-center gap-2 text-muted text-xs">
                  <span
                    className={`inline-flex rounded-full px-2.5 py-0.5 font-medium ${
                      member.role === "owner" ? "bg-brand-900 text-white" : "bg-gray-100 text-ink"
                    }`}
                  >
                    {roleLabels[member.role]}
                  </span>
                  <StatusBadge disabled={member.disabled} />
                  <span>Last sign-in: {member.lastLoginAt ? formatDate(member.lastLoginAt, "moment") : "never"}</span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {member.id !== selfId && isStaffRole(member.role) && (
                  <RoleChooser
                    name={name}
                    role={chosen?.id === member.id ? chosen.role : member.role}
                    saved={member.role}
                    busy={changeRole.isPending && changeRole.variables?.id === member.id}
                    onChoose={(role) => setChosen({ id: member.id, role })}
                    onSave={(role) => saveRole(member, role)}
                  />
                )}
                <button
                  type="button"
                  onClick={() => !resetting && resetPassword(member)}
                  aria-disabled={resetting || undefined}
                  aria-label={`Send password reset to ${name}`}
                  className={`${button} border-line bg-white hover:border-ink`}
                >
                  <KeyRound aria-hidden="true" className="size-4" />
                  {resetting ? "Sending..." : "Send password reset"}
                </button>
                {member.disabled ? (
                  <button
                    type="button"
                    onClick={() => !changing && changeAccess(member, false)}
                    aria-disabled={changing || undefined}
                    aria-label={`Enable ${name}`}
                    className={`${button} border-brand-700 bg-brand-700 text-white hover:bg-brand-900`}
                  >
                    {changing ? "Enabling..." : "Enable"}
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => !changing && setConfirming(member)}
                    aria-disabled={changing || undefined}
                    aria-label={`Disable ${name}`}
                    className={`${button} border-red-300 bg-white text-red-800 hover:border-red-700 hover:bg-red-50`}
                  >
                    Disable
                  </button>
                )}
              </div>
              {result?.id === member.id && <StatusMessage status={result.status} className="basis-full" />}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={`Disable ${confirming ? fullName(confirming) : ""}'s account?`}
        confirmLabel="Disable account"
        busyLabel="Disabling..."
        busy={setDisabled.isPending}
        destructive
        onConfirm={() => confirming && changeAccess(confirming, true)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {confirming ? fullName(confirming) : "The member"} will be signed out on every device at once and cannot sign
          in to the dashboard until an Owner enables the account again.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** A member's role as a list of the three, with a button that saves another choice. */
function RoleChooser(props: {
  name: string;
  role: StaffRole;
  saved: StaffRole;
  busy: boolean;
  onChoose: (role: StaffRole) => void;
  onSave: (role: StaffRole) => void;
}) {
  const { name, role, saved, busy, onChoose, onSave } = props;
  const changed = role !== saved;
  return (
    <span className="inline-flex items-center gap-2">
      <select
        aria-label={`Role of ${name}`}
        value={role}
        onChange={(event) => onChoose(event.target.value as StaffRole)}
        className="h-9 rounded-full border border-line bg-white px-3 text-sm"
      >
        {STAFF_ROLES.map((option) => (
          <option key={option} value={option}>
            {roleLabels[option]}
          </option>
        ))}
      </select>
      {changed && (
        <button
          type="button"
          onClick={() => !busy && onSave(role)}
          aria-disabled={busy || undefined}
          aria-label={`Make ${name} ${roleLabels[role]}`}
          className={`${button} border-brand-700 bg-brand-700 text-white hover:bg-brand-900`}
        >
          {busy ? "Saving..." : "Save role"}
        </button>
      )}
    </span>
  );
}

export function StaffListSkeleton() {
  const bar = "block h-3.5 animate-pulse rounded bg-gray-200";
  return (
    <ul aria-hidden="true" className="divide-y divide-line rounded-2xl border border-line bg-white">
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <li key={index} className="flex flex-wrap items-center justify-between gap-3 p-4 sm:px-5">
          <div className="space-y-2">
            <span className={`${bar} w-40`} />
            <span className={`${bar} w-56`} />
            <span className={`${bar} w-64`} />
          </div>
          <span className="block h-9 w-60 animate-pulse rounded-full bg-gray-200" />
        </li>
      ))}
    </ul>
  );
}
