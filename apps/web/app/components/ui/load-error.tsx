import { AlertTriangle } from "lucide-react";
import { href, useLocation } from "react-router";
import { ApiRequestError } from "../../lib/api-error.ts";
import { Button, buttonClass } from "./button.tsx";

interface Props {
  /** What could not be loaded, e.g. "the customers". */
  what: string;
  error: unknown;
  onRetry: () => void;
}

/** A list or record that did not load: the server's words, and a way on (sign in again, or retry). */
export function LoadError({ what, error, onRetry }: Props) {
  const location = useLocation();
  const problem = error instanceof ApiRequestError ? error : null;
  const signedOut = problem?.status === 401;
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-red-200 bg-white px-6 py-12 text-center"
    >
      <AlertTriangle aria-hidden="true" className="size-9 text-red-700" />
      <h2 className="mt-3 font-semibold text-lg">We could not load {what}</h2>
      <p className="mt-1 max-w-md text-muted">
        {signedOut
          ? "Your session has ended. Please sign in again."
          : (problem?.message ?? "Something went wrong on our side. Please try again in a moment.")}
      </p>
      {signedOut ? (
        <a href={`${href("/registration")}?next=${next}`} className={buttonClass({ className: "mt-5" })}>
          Sign in again
        </a>
      ) : (
        <Button onClick={onRetry} variant="secondary" className="mt-5">
          Try again
        </Button>
      )}
    </div>
  );
}
