import { ArrowLeft, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../ui/button.tsx";
import "./print-document.css";

interface Props {
  /** The document's name, read out as the page's heading ("Packing slip"). */
  label: string;
  /** Where "Back" goes (the order). */
  backTo: string;
  backLabel: string;
  /** The Print button's words, when "Print" and the label in lower case would not do ("Print PACT Act report"). */
  printLabel?: string;
  /** More buttons beside Print (a download). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A document to print: on screen a sheet of paper with Back and Print above it; printed, the
 * sheet alone (print-document.css), as wide as the paper allows, Letter or A4.
 */
export function PrintDocument({ label, backTo, backLabel, printLabel, actions, children }: Props) {
  return (
    <div className="min-h-dvh px-3 py-4 sm:px-6 sm:py-8 print:min-h-0 print:p-0">
      <div className="mx-auto mb-4 flex max-w-[8.27in] flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={backTo} className="inline-flex items-center gap-1.5 font-medium text-sm hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {backLabel}
        </Link>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            {printLabel ?? `Print ${label.toLowerCase()}`}
          </Button>
        </div>
      </div>
      <article
        aria-label={label}
        className="print-document mx-auto max-w-[8.27in] rounded-lg border border-line bg-white p-5 text-[13px] text-ink leading-snug shadow-sm sm:p-10 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none"
      >
        {children}
      </article>
    </div>
  );
}
