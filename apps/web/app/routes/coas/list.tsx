import { coaListFilterSchema } from "@shop/shared";
import { COA_QUERY_MAX_LENGTH, COAS_PAGE_SIZE } from "@shop/shared/constants";
import { FlaskConical } from "lucide-react";
import { href, Link, useLocation } from "react-router";
import { Breadcrumb } from "../../components/breadcrumb.tsx";
import { Pagination } from "../../components/catalog/pagination.tsx";
import { SearchForm } from "../../components/catalog/search-form.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { CoaCard } from "../../features/coas/components/coa-card.tsx";
import { COAS_DESCRIPTION } from "../../features/coas/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { pageData } from "../../lib/page-data.ts";
import { parseSearch } from "../../lib/query.ts";
import type { Route } from "./+types/list";

const pageQuerySchema = coaListFilterSchema.pick({ page: true, product: true, q: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page, product, q } = parseSearch(pageQuerySchema, new URL(request.url));
  const { coas, catalog } = context.services;
  const query = q?.trim() ?? "";
  // The service matches a batch number exactly first, as the API does for every client.
  const list = await coas.listBatches({ page, limit: COAS_PAGE_SIZE, product, q: query || undefined });
  const productName = product
    ? (list.items[0]?.product.name ??
      (await pageData(() => catalog.getProduct(product), { ifNotFound: null }))?.name ??
      null)
    : null;
  return { list, q: query, product: product ?? null, productName };
}

export function meta({ data }: Route.MetaArgs) {
  if (data?.productName) {
    return pageMeta(
      `Lab results: ${data.productName}`,
      `Certificates of analysis of every batch of ${data.productName}.`,
    );
  }
  if (data?.q) return pageMeta(`Lab results: ${data.q}`, `Certificates of analysis matching “${data.q}”.`);
  return pageMeta("Lab results (COAs)", COAS_DESCRIPTION);
}

export default function CoaList({ loaderData }: Route.ComponentProps) {
  const { list, q, product, productName } = loaderData;
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const filtered = q !== "" || product !== null;
  const title = productName ? `Lab results: ${productName}` : "Lab results (COAs)";

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb
        items={
          filtered
            ? [
                { label: "Home", to: href("/") },
                { label: "Lab results", to: href("/coas") },
                { label: productName ?? "Search" },
              ]
            : [{ label: "Home", to: href("/") }, { label: "Lab results" }]
        }
      />
      <h1 className="mt-3 text-balance font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-muted">{COAS_DESCRIPTION}</p>

      <div className="mt-6 max-w-2xl">
        <SearchForm
          id="coa-search"
          action={href("/coas")}
          label="Batch number or product"
          placeholder="Batch number or product, e.g. HMH-VCS-2609B"
          maxLength={COA_QUERY_MAX_LENGTH}
          defaultValue={q}
        >
          {product && <input type="hidden" name="product" value={product} />}
        </SearchForm>
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted text-sm" aria-live="polite">
          {list.totalBatches} {list.totalBatches === 1 ? "batch" : "batches"}
          {q && (
            <>
              {" "}
              for “<span className="text-ink">{q}</span>”
            </>
          )}
        </p>
        {filtered && (
          <Link to={href("/coas")} className="font-medium text-brand-700 text-sm hover:text-brand-900 hover:underline">
            Show every batch
          </Link>
        )}
      </div>

      <section aria-label="Batches" className="mt-4">
        {list.items.length > 0 ? (
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {list.items.map((batch) => (
              <li key={batch.lotNumber} className="flex">
                <CoaCard batch={batch} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={FlaskConical}
            title={filtered ? "No lab results found" : "No lab results published yet"}
            action={filtered ? { to: href("/coas"), label: "Show every batch" } : undefined}
          >
            {q
              ? `No batch number or product matches “${q}”. Check the batch number printed on your package: it is usually near the barcode, for example HMH-VCS-2609B.`
              : product
                ? "We have not published lab results for this product yet."
                : "Certificates of analysis appear here as soon as a lab reports on a batch."}
          </EmptyState>
        )}
      </section>
      <Pagination currentPage={list.currentPage} totalPages={list.totalPages} search={search} />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
