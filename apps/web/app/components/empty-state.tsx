import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "./ui/button.tsx";

interface Props {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** Where the buyer can go from here. */
  action?: { to: string; label: string } | undefined;
  className?: string;
}

/** What a list shows when it has nothing: what happened, and a way on. */
export function EmptyState({ icon: Icon, title, children, action, className = "" }: Props) {
  return (
    <div
      className={`flex flex-col items-center rounded-2xl border border-line border-dashed bg-white px-6 py-16 text-center ${className}`}
    >
      <Icon aria-hidden="true" className="size-10 text-muted" />
      <h2 className="mt-4 font-semibold text-lg">{title}</h2>
      <p className="mt-1 max-w-md text-muted">{children}</p>
      {action && (
        <Link to={action.to} className={buttonClass({ className: "mt-6" })}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
