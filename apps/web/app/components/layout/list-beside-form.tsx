import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "../ui/button.tsx";

/** The form column's width on wide screens (a whole class each, for Tailwind to find). */
const columns = {
  "22rem": "xl:grid-cols-[minmax(0,1fr)_22rem]",
  "24rem": "xl:grid-cols-[minmax(0,1fr)_24rem]",
};

interface ListBesideFormProps {
  /** The list's heading and its id, which names the section. */
  title: string;
  titleId: string;
  /** How many there are, read out as it changes. */
  summary: ReactNode;
  form: ReactNode;
  formWidth: keyof typeof columns;
  children: ReactNode;
}

/** A dashboard page whose list and whose add form stand side by side on wide screens, the form below on narrow ones. */
export function ListBesideForm({ title, titleId, summary, form, formWidth, children }: ListBesideFormProps) {
  return (
    <div className={`grid items-start gap-6 ${columns[formWidth]}`}>
      <section aria-labelledby={titleId}>
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <h2 id={titleId} className="font-semibold text-lg">
            {title}
          </h2>
          <p aria-live="polite" className="text-muted text-sm">
            {summary}
          </p>
        </div>
        {children}
      </section>
      <div className="xl:sticky xl:top-24">{form}</div>
    </div>
  );
}

/** The header's way down to the form, where the form stands below the list. */
export function JumpToForm({ to, icon: Icon, children }: { to: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <a href={to} className={buttonClass({ className: "xl:hidden" })}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
