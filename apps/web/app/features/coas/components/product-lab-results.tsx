import { FileText } from "lucide-react";
import { href, Link } from "react-router";
import { buttonClass } from "../../../components/ui/button.tsx";
import type { keyResults } from "../format.ts";
import { QrCode } from "./qr-code.tsx";
import { KeyResults, OlderThanAYearBadge } from "./summary.tsx";

/** What the product page's loader tells of the product's batches: the latest in words, drawn on the server. */
export interface ProductLab {
  latest: {
    lotNumber: string;
    path: string;
    labName: string;
    reportDate: string;
    reportDateText: string;
    olderThanAYear: boolean;
    results: ReturnType<typeof keyResults>;
    pdfUrl: string;
    qr: { size: number; path: string };
  } | null;
  totalBatches: number;
}

/**
 * The latest batch's certificate in short, its QR code, and the way to every batch. Part of the
 * product page's lazily loaded part below the fold, shown for products that have lab results.
 */
export default function ProductLabResults({
  productId,
  latest,
  totalBatches,
  ofVariant = false,
}: {
  productId: string;
  latest: NonNullable<ProductLab["latest"]>;
  /** The batches of the variant shown (the product's own for a product without options). */
  totalBatches: number;
  /** The product has options: the batches are the shown variant's, and the link lists every variant's. */
  ofVariant?: boolean;
}) {
  return (
    <section id="lab-results" aria-labelledby="lab-results-title" className="scroll-mt-24">
      <h2 id="lab-results-title" className="font-semibold">
        Certificate of analysis
      </h2>
      <div className="mt-2 flex flex-col gap-5 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted">{totalBatches > 1 ? "Latest batch" : "Batch"}</span>
            <span className="rounded-md bg-gray-100 px-2 py-0.5 font-mono font-semibold">{latest.lotNumber}</span>
            {latest.olderThanAYear && <OlderThanAYearBadge />}
          </p>
          <p className="mt-2 text-muted text-sm">
            Tested by {latest.labName}, reported <time dateTime={latest.reportDate}>{latest.reportDateText}</time>
          </p>
          <KeyResults results={latest.results} className="mt-3" />
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to={latest.path} className={buttonClass({ size: "sm" })}>
              Lab results
            </Link>
            <a href={latest.pdfUrl} className={buttonClass({ variant: "secondary", size: "sm" })}>
              <FileText aria-hidden="true" className="size-4" />
              PDF
            </a>
            {(totalBatches > 1 || ofVariant) && (
              <Link
                to={`${href("/coas")}?product=${productId}`}
                className="rounded-full px-3 py-2 font-medium text-brand-700 text-sm hover:underline"
              >
                {ofVariant ? "Every batch of this product" : `All ${totalBatches} batches`}
              </Link>
            )}
          </div>
        </div>
        <figure className="flex shrink-0 items-center gap-3 sm:w-32 sm:flex-col sm:gap-1">
          <QrCode
            qr={latest.qr}
            label={`QR code of the lab results page of batch ${latest.lotNumber}`}
            className="size-28 rounded-lg border border-line sm:size-32"
          />
          <figcaption className="text-muted text-xs sm:text-center">
            Scan to open this batch's lab results on your phone.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
