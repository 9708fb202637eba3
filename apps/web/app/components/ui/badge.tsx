import type { ReactNode } from "react";

/** A badge's colours, by tone: pale ground, dark words, a thin ring of the same hue. */
export const badgeTones = {
  amber: "bg-amber-50 text-amber-900 ring-amber-200",
  sky: "bg-sky-50 text-sky-900 ring-sky-200",
  violet: "bg-violet-50 text-violet-900 ring-violet-200",
  brand: "bg-brand-50 text-brand-900 ring-brand-100",
  emerald: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  gray: "bg-gray-100 text-gray-700 ring-gray-200",
  red: "bg-red-50 text-red-800 ring-red-200",
};

/** A status in a few words, in a coloured pill (`tone`: one of `badgeTones`). */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ${tone}`}
    >
      {children}
    </span>
  );
}
