import type { CoaBatch } from "@shop/shared";
import { COA_ALKALOID_RESULTS, COA_CANNABINOIDS, COA_PANELS } from "@shop/shared/constants";
import { formatDate, normalizeLotNumber } from "@shop/shared/rules";
import { FileText, PencilLine, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { href, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Breadcrumb } from "../../components/breadcrumb.tsx";
import { RouteErrorBoundary } from "../../components/route-error-boundary.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { PanelResultBadge } from "../../features/coas/components/panel-badge.tsx";
import { OlderThanAYearBadge } from "../../features/coas/components/summary.tsx";
import {
  alkaloidLabels,
  batchPath,
  cannabinoidLabels,
  figureLabels,
  formatAlkaloid,
  formatFileSize,
  formatMilligramsResult,
  formatPercentResult,
  panelLabels,
  THC_PER_CONTAINER,
} from "../../features/coas/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { pageData } from "../../lib/page-data.ts";
import type { Route } from "./+types/batch";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { coas } = context.services;
  const batch = await pageData(() => coas.getBatch(params.lot));
  const siblings = await coas.listBatches({ product: batch.product.id, page: 1, limit: 10 });
  return {
    batch,
    otherBatches: siblings.items
      .filter((other) => other.lotNumber !== batch.lotNumber)
      .map((other) => ({ lotNumber: other.lotNumber, reportDate: other.reportDate })),
    totalBatches: siblings.totalBatches,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta("Batch not found", "No lab results are published for this batch number.");
  const { batch } = data;
  return pageMeta(
    `Lab results: batch ${batch.lotNumber}`,
    `Certificate of analysis of ${batch.product.name}, batch ${batch.lotNumber}, by ${batch.lab.name}, reported ${formatDate(batch.reportDate)}.`,
  );
}

function Group({ title, note, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  const id = `group-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {note && <p className="mt-1 text-muted text-sm">{note}</p>}
      <dl className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-4 px-4 py-2.5 sm:grid-cols-2">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium tabular-nums [overflow-wrap:anywhere] sm:text-left">{children}</dd>
    </div>
  );
}

/** A figure staff corrected since the lab's report (docs/decisions/083). */
function Corrected() {
  return (
    <span className="ml-2 inline-block rounded-full bg-sky-100 px-2 py-0.5 align-middle font-medium text-sky-900 text-xs">
      Corrected
    </span>
  );
}

/** The figures any correction changed; total THC with delta-9 THC and THCA, which it is computed from. */
function correctedFigures(batch: CoaBatch): Set<string> {
  const names = new Set<string>(batch.corrections.flatMap((correction) => correction.figures));
  if (names.has("delta9Thc") || names.has("thca")) names.add("totalThc");
  return names;
}

function cannabinoidRows(batch: CoaBatch) {
  return COA_CANNABINOIDS.flatMap((key) => {
    const value = batch.cannabinoids[key];
    return value === null ? [] : [{ key, value }];
  });
}

function alkaloidRows(batch: CoaBatch) {
  return COA_ALKALOID_RESULTS.flatMap((key) => {
    const value = batch.alkaloids[key];
    return value === null ? [] : [{ key, value }];
  });
}

export default function BatchPage({ loaderData }: Route.ComponentProps) {
  const { batch, otherBatches, totalBatches } = loaderData;
  const cannabinoids = cannabinoidRows(batch);
  const alkaloids = alkaloidRows(batch);
  const corrected = correctedFigures(batch);
  const date = (value: string) => <time dateTime={value}>{formatDate(value)}</time>;

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb
        items={[
          { label: "Home", to: href("/") },
          { label: "Lab results", to: href("/coas") },
          { label: `Batch ${batch.lotNumber}` },
        ]}
      />
      <header className="mt-4 flex flex-col gap-6 border-line border-b pb-8 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="font-medium text-brand-700 text-sm uppercase tracking-wide">Certificate of analysis</p>
          <h1 className="mt-1 font-bold text-3xl tracking-tight sm:text-4xl">
            Batch <span className="font-mono">{batch.lotNumber}</span>
          </h1>
          <p className="mt-3 text-lg">
            {batch.product.available ? (
              <Link
                to={href("/products/:id", { id: batch.product.id })}
                className="font-medium text-brand-700 underline decoration-brand-500/40 underline-offset-2 hover:text-brand-900"
              >
                {batch.product.name}
              </Link>
            ) : (
              <>
                {batch.product.name} <span className="text-base text-muted">(no longer sold)</span>
              </>
            )}
          </p>
          <p className="mt-1 text-muted text-sm">
            Tested by {batch.lab.name}, reported {date(batch.reportDate)}
          </p>
          {batch.olderThanAYear && (
            <p className="mt-3">
              <OlderThanAYearBadge />
            </p>
          )}
        </div>
        <a href={batch.pdf.url} className={buttonClass({ className: "shrink-0 self-start sm:self-auto" })}>
          <FileText aria-hidden="true" className="size-4" />
          View PDF <span className="font-normal text-white/80">({formatFileSize(batch.pdf.bytes)})</span>
        </a>
      </header>

      {batch.olderThanAYear && (
        <div
          role="note"
          className="mt-6 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 text-sm sm:p-5"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <p>
            <strong className="font-semibold">This report is more than a year old.</strong> It was issued on{" "}
            {formatDate(batch.reportDate)}. Results can change as a product ages; if the batch number on your package
            matches, ask us for a newer test before you rely on it.
          </p>
        </div>
      )}

      {batch.corrections.length > 0 && (
        <section
          aria-labelledby="corrections"
          className="mt-6 flex gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 text-sm sm:p-5"
        >
          <PencilLine aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-700" />
          <div>
            <h2 id="corrections" className="font-semibold">
              Figures corrected since the lab's report
            </h2>
            <ul className="mt-2 grid gap-2">
              {batch.corrections.map((correction) => (
                <li key={correction.at}>
                  <strong className="font-semibold">Corrected on {date(correction.at)}:</strong> {correction.reason}{" "}
                  <span className="text-sky-900">
                    ({correction.figures.map((figure) => figureLabels[figure]).join(", ")})
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-2">
              The figures below include these corrections, marked “Corrected”. The PDF is the report as the lab issued
              it.
            </p>
          </div>
        </section>
      )}

      <div className="mt-8 grid gap-8">
        <Group title="Batch and laboratory">
          <Row label="Batch / lot number">
            <span className="font-mono">{batch.lotNumber}</span>
          </Row>
          <Row label="Product">{batch.product.name}</Row>
          <Row label="SKU">{batch.product.sku}</Row>
          <Row label="Laboratory">{batch.lab.name}</Row>
          <Row label="Accreditation">{batch.lab.accreditation}</Row>
          <Row label="Certificate number">{batch.lab.certificateNumber}</Row>
          <Row label="Sample date">{date(batch.sampleDate)}</Row>
          <Row label="Test date">{date(batch.testDate)}</Row>
          <Row label="Report date">{date(batch.reportDate)}</Row>
        </Group>

        {cannabinoids.length > 0 && (
          <Group title="Cannabinoids" note="Percent by weight. Total THC is delta-9 THC + 0.877 × THCA.">
            {cannabinoids.map(({ key, value }) => (
              <Row key={key} label={cannabinoidLabels[key]}>
                <span className={key === "totalThc" ? "font-bold" : undefined}>{formatPercentResult(value)}</span>
                {corrected.has(key) && <Corrected />}
              </Row>
            ))}
          </Group>
        )}

        {batch.thcPerContainer !== null && (
          <Group title="Per container" note="All THC (delta-9, THCA, delta-8 and the like) in one container as sold.">
            <Row label={THC_PER_CONTAINER}>
              <span className="font-bold">{formatMilligramsResult(batch.thcPerContainer)}</span>
              {corrected.has("thcPerContainer") && <Corrected />}
            </Row>
          </Group>
        )}

        <Group title="Safety panels">
          {COA_PANELS.map((panel) => (
            <Row key={panel} label={panelLabels[panel]}>
              <PanelResultBadge result={batch.panels[panel]} />
              {corrected.has(panel) && <Corrected />}
            </Row>
          ))}
        </Group>

        {alkaloids.length > 0 && (
          <Group
            title="Kratom alkaloids"
            note={batch.alkaloids.servingSize ? `Per serving of ${batch.alkaloids.servingSize}.` : "Per serving."}
          >
            {alkaloids.map(({ key, value }) => (
              <Row key={key} label={alkaloidLabels[key]}>
                {formatAlkaloid(key, value)}
                {corrected.has(key) && <Corrected />}
              </Row>
            ))}
          </Group>
        )}

        {otherBatches.length > 0 && (
          <section aria-labelledby="other-batches">
            <h2 id="other-batches" className="font-semibold text-lg">
              Other batches of this product
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {otherBatches.map((other) => (
                <li key={other.lotNumber}>
                  <Link to={batchPath(other.lotNumber)} className={buttonClass({ variant: "secondary", size: "sm" })}>
                    <span className="font-mono font-semibold">{other.lotNumber}</span>
                    <span className="text-muted">{formatDate(other.reportDate)}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {totalBatches > otherBatches.length + 1 && (
              <Link
                to={`${href("/coas")}?product=${batch.product.id}`}
                className="mt-3 inline-block font-medium text-brand-700 text-sm hover:underline"
              >
                All {totalBatches} batches
              </Link>
            )}
          </section>
        )}
      </div>
    </main>
  );
}

/** An unknown lot gets a page that helps find the right one; other errors the shop's usual page. */
export function ErrorBoundary({ params }: Route.ErrorBoundaryProps) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <RouteErrorBoundary />;
  const lot = normalizeLotNumber(params.lot ?? "");
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="font-semibold text-brand-600 text-sm">Error 404</p>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">We could not find that batch</h1>
      <p className="mt-4 text-muted">
        {typeof error.data === "string" ? error.data : "Check the batch number printed on your package."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={`${href("/coas")}?q=${encodeURIComponent(lot)}`} className={buttonClass()}>
          Search lab results
        </Link>
        <Link to={href("/coas")} className={buttonClass({ variant: "secondary" })}>
          Every batch
        </Link>
      </div>
    </main>
  );
}
