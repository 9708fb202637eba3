import { AlertCircle, CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";

export interface Status {
  kind: "success" | "error";
  text: string;
}

/** The outcome of an action, in words, where it happened (read out by screen readers). */
export function StatusMessage({ status, className = "" }: { status: Status; className?: string }): ReactNode {
  const success = status.kind === "success";
  const Icon = success ? CheckCircle2 : AlertCircle;
  return (
    <p
      role={success ? "status" : "alert"}
      className={`flex gap-2 rounded-xl px-3.5 py-2.5 text-sm ${
        success ? "bg-brand-50 text-brand-900" : "bg-red-50 text-red-800"
      } ${className}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{status.text}</span>
    </p>
  );
}
