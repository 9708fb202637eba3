import type { CoaBatch } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { FileText, FlaskConical } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "../../../components/ui/button.tsx";
import { batchPath, keyResults, panelSummary } from "../format.ts";
import { KeyResults, OlderThanAYearBadge } from "./summary.tsx";

/** One batch in the COA list: product, lot, lab, report date, key results and the PDF. */
export function CoaCard({ batch }: { batch: CoaBatch }) {
  const panels = panelSummary(batch.panels);
  return (
    <article className="flex w-full flex-col rounded-2xl border border-line bg-white p-5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-md bg-gray-100 px-2 py-0.5 font-mono font-semibold text-sm">{batch.lotNumber}</span>
        {batch.olderThanAYear && <OlderThanAYearBadge />}
      </div>
      <h2 className="mt-3 font-semibold text-lg leading-snug">
        <Link to={batchPath(batch.lotNumber)} className="hover:text-brand-700 hover:underline">
          {batch.product.name}
        </Link>
      </h2>
      <p className="mt-1 text-muted text-sm">
        {batch.lab.name} · reported <time dateTime={batch.reportDate}>{formatDate(batch.reportDate)}</time>
      </p>
      <KeyResults results={keyResults(batch)} className="mt-4" />
      <p className={`mt-3 flex items-center gap-1.5 text-sm ${panels.failed ? "text-red-800" : "text-muted"}`}>
        <FlaskConical aria-hidden="true" className="size-4" />
        Safety panels: {panels.text}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <Link to={batchPath(batch.lotNumber)} className={buttonClass({ size: "sm" })}>
          View results<span className="sr-only"> of batch {batch.lotNumber}</span>
        </Link>
        <a href={batch.pdf.url} className={buttonClass({ variant: "secondary", size: "sm" })}>
          <FileText aria-hidden="true" className="size-4" />
          PDF<span className="sr-only"> of batch {batch.lotNumber}</span>
        </a>
      </div>
    </article>
  );
}
