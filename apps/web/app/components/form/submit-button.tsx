import type { ReactNode } from "react";
import { Button } from "../ui/button.tsx";

interface Props {
  /** While the form is sent: the button is disabled and says so. */
  busy: boolean;
  /** Its words while busy ("Sending..."). */
  busyLabel: string;
  children: ReactNode;
  /** Placement and width only (w-full). */
  className?: string;
}

/** A form's submit button, which says what is happening while the form is sent. */
export function SubmitButton({ busy, busyLabel, children, className }: Props) {
  return (
    <Button type="submit" disabled={busy} size="lg" className={className}>
      {busy ? busyLabel : children}
    </Button>
  );
}
