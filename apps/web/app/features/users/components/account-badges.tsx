const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs";

/** Whether the account may sign in. */
export function StatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <span className={`${badge} bg-red-50 text-red-800 ring-1 ring-red-200`}>Disabled</span>
  ) : (
    <span className={`${badge} bg-brand-50 text-brand-900 ring-1 ring-brand-100`}>Active</span>
  );
}

/** Whether the e-mail address was confirmed. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className={`${badge} bg-brand-50 text-brand-900 ring-1 ring-brand-100`}>Verified</span>
  ) : (
    <span className={`${badge} bg-amber-50 text-amber-900 ring-1 ring-amber-200`}>Not verified</span>
  );
}
