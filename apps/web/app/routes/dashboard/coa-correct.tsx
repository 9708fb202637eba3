import { formatDate } from "@shop/shared/rules";
import { SearchX } from "lucide-react";
import { href, useNavigate } from "react-router";
import { AdminDetail, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useCoaBatch } from "../../features/coas/api/admin-coas.ts";
import { CoaCorrectionForm } from "../../features/coas/components/coa-correction-form.tsx";
import { batchPath } from "../../features/coas/format.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/coa-correct";

export function meta() {
  return adminMeta("Correct figures");
}

const LIST_PATH = href("/dashboard/products/coas");

export default function CorrectCoa({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const batch = useCoaBatch(params.lot);
  const data = batch.data;
  const lot = data?.lotNumber ?? params.lot.toUpperCase();
  return (
    <>
      <AdminPageHeader
        title={isNotFound(batch) ? "Batch not found" : `Correct figures of batch ${lot}`}
        segmentLabels={{ coas: "Lab Results", [params.lot]: `Batch ${lot}` }}
        description={
          data ? (
            <>
              {data.product.name}, tested by {data.lab.name}, reported {formatDate(data.reportDate)}. Correct what was
              typed wrong or left out; the lab, the dates and the{" "}
              <a href={data.pdf.url} className="font-medium text-brand-700 underline underline-offset-2">
                PDF
              </a>{" "}
              stay as the lab issued them. The{" "}
              <a href={batchPath(data.lotNumber)} className="font-medium text-brand-700 underline underline-offset-2">
                batch's public page
              </a>{" "}
              shows the corrected figures with the date and your reason.
            </>
          ) : undefined
        }
      />
      <AdminDetail
        query={batch}
        what="this batch"
        skeleton={<PanelsSkeleton grid="gap-6" panels={["h-96", "h-72", "h-72"]} />}
        missing={{
          icon: SearchX,
          noun: "batch",
          back: { to: LIST_PATH, label: "Back to the lab results" },
          why: "The address may be mistyped, or the batch was withdrawn.",
        }}
      >
        {(saved) => (
          <>
            {saved.corrections.length > 0 && (
              <section
                aria-labelledby="coa-earlier"
                className="mb-6 rounded-2xl border border-line bg-white p-5 sm:p-6"
              >
                <h2 id="coa-earlier" className="font-semibold text-lg">
                  Corrected before
                </h2>
                <ul className="mt-3 grid gap-2 text-sm">
                  {saved.corrections.map((correction) => (
                    <li key={correction.at}>
                      <time dateTime={correction.at} className="font-medium">
                        {formatDate(correction.at, "moment")}
                      </time>
                      : {correction.reason}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <CoaCorrectionForm
              key={saved.corrections[0]?.at ?? "none"}
              batch={saved}
              cancelTo={LIST_PATH}
              onSaved={() => navigate(LIST_PATH)}
            />
          </>
        )}
      </AdminDetail>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
