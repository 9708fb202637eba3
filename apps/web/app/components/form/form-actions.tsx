import type { ReactNode } from "react";
import { Link } from "react-router";
import { LEAVE_UNASKED } from "../../lib/unsaved-changes.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { StatusMessage } from "../ui/status-message.tsx";

interface Props {
  /** What the server said was wrong with the whole form, shown above the buttons. */
  error?: string | undefined;
  cancelTo: string;
  submitting: boolean;
  /** The submit button's words, which say what is happening while it saves ("Creating..."). */
  children: ReactNode;
  className?: string;
}

/**
 * The end of a dashboard form: the form's own error, then Cancel and the submit button. Cancel
 * drops the changes on purpose, so it leaves without asking (decision 052).
 */
export function FormActions({ error, cancelTo, submitting, children, className = "" }: Props) {
  return (
    <div className={`flex flex-col gap-3 ${className}`}>
      {error && <StatusMessage status={{ kind: "error", text: error }} />}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} state={LEAVE_UNASKED} className={buttonClass({ variant: "secondary", size: "lg" })}>
          Cancel
        </Link>
        <Button type="submit" disabled={submitting} size="lg">
          {children}
        </Button>
      </div>
    </div>
  );
}
