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
  /** 1 where nothing else on the page is its heading (a printed document that was not found). */
  level?: 1 | 2 | undefined;
}

/** What a list shows when it has nothing: what happened, and a way on. */
export function EmptyState({ icon: Icon, title, children, action, className = "", level = 2 }: Props) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div
      className={`flex flex-col items-center rounded-2xl border border-line border-dashed bg-white px-6 py-16 text-center ${className}`}
    >
      <Icon aria-hidden="true" className="size-10 text-muted" />
      <Heading className="mt-4 font-semibold text-lg">{title}</Heading>
      <p className="mt-1 max-w-md text-muted">{children}</p>
      {action && (
        <Link to={action.to} className={buttonClass({ className: "mt-6" })}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
