import type { ReactNode } from "react";

interface Props {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  /** A sentence under the title about all the section's fields. */
  hint?: string;
  /** The card's own classes beside its look (its place in the page's grid). */
  className?: string;
  /** The fields' grid columns ("sm:grid-cols-2"); without them, one field a row. */
  columns?: string;
  children: ReactNode;
}

/** A titled card of a dashboard form, its fields in a grid below the title. */
export function FormSection({ id, title, hint, className = "", columns = "", children }: Props) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-line bg-white p-5 sm:p-6 ${className}`}>
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {hint && <p className="mt-1 text-muted text-sm">{hint}</p>}
      <div className={`mt-5 grid gap-5 ${columns}`}>{children}</div>
    </section>
  );
}

/**
 * A card's title with a short note at its end (whether its words are the default, the pieces in
 * stock); a `live` note is read out as it changes.
 */
export function SectionTitle({
  id,
  title,
  note,
  live,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  live?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {note != null && (
        <p className="text-muted text-sm" aria-live={live ? "polite" : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}
