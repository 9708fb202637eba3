import { ORDER_CHANNELS, orderChannelLabels } from "@shop/shared/constants";
import { dayOf } from "@shop/shared/rules";
import { useLocation } from "react-router";
import { ListFilter, oneOf, optionsOf } from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import {
  reportCsvUrl,
  useCategoriesReport,
  useLowStockReport,
  useProductsReport,
  useSalesReport,
  useStatesReport,
  useStatusesReport,
  useVariantsReport,
} from "../../features/reports/api/get-reports.ts";
import { RangePicker } from "../../features/reports/components/range-picker.tsx";
import { ReportCard } from "../../features/reports/components/report-card.tsx";
import {
  CategoriesTable,
  LowStockTable,
  ProductsTable,
  StatesTable,
  StatusesTable,
} from "../../features/reports/components/report-tables.tsx";
import { SalesOverview } from "../../features/reports/components/sales-overview.tsx";
import { chooseRange, rangeWords } from "../../features/reports/report-range.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Reports");
}

const NO_SALES = "No sales in this range.";

/** How the shop is doing over a range of days (decision 055). */
export default function Reports() {
  const { search } = useLocation();
  const chosen = chooseRange(new URLSearchParams(search), dayOf(new Date()));
  const channel = oneOf(new URLSearchParams(search).get("channel"), ORDER_CHANNELS) ?? null;
  // Every report of the page is of the chosen channel, or of both (docs/decisions/102).
  const range = chosen.range && { ...chosen.range, channel };
  const sales = useSalesReport(range);
  const products = useProductsReport(range);
  const variants = useVariantsReport(range);
  const categories = useCategoriesReport(range);
  const statuses = useStatusesReport(range);
  const states = useStatesReport(range);
  const lowStock = useLowStockReport();
  const rangeText = range ? `${rangeWords(range)} (UTC)` : "";

  return (
    <>
      <AdminPageHeader
        title="Reports"
        description="How the shop is doing: revenue, orders, what sells and where it goes. Sales are orders paid for and not cancelled or refunded, on the day they were placed (UTC). Each table downloads as CSV."
      />
      <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <RangePicker chosen={chosen} />
          <div className="sm:w-48">
            <ListFilter
              label="Channel"
              name="channel"
              value={channel ?? undefined}
              options={optionsOf("Retail and wholesale", ORDER_CHANNELS, orderChannelLabels)}
            />
          </div>
        </div>
        {range && (
          <p className="text-muted text-sm sm:pb-3" aria-live="polite">
            {rangeText}
          </p>
        )}
      </div>
      {range ? (
        <>
          <SalesOverview query={sales} rangeText={rangeText} />
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <ReportCard
              id="top-products"
              title="Top products"
              description="By sales (line totals before shipping and tax)"
              query={products}
              csvUrl={reportCsvUrl("products", range)}
              what="the top products"
              empty={(data) => (data.items.length === 0 ? NO_SALES : null)}
            >
              {(data) => <ProductsTable report={data} />}
            </ReportCard>
            <ReportCard
              id="top-variants"
              title="Top variants"
              description="Each flavour, strength or size on its own, by sales"
              query={variants}
              csvUrl={reportCsvUrl("variants", range)}
              what="the top variants"
              empty={(data) => (data.items.length === 0 ? NO_SALES : null)}
            >
              {(data) => <ProductsTable report={data} caption="Top variants by sales" />}
            </ReportCard>
            <ReportCard
              id="sales-by-category"
              title="Sales by category"
              description="Each product under its category today"
              query={categories}
              csvUrl={reportCsvUrl("categories", range)}
              what="the sales by category"
              empty={(data) => (data.items.length === 0 ? NO_SALES : null)}
            >
              {(data) => <CategoriesTable report={data} />}
            </ReportCard>
            <ReportCard
              id="orders-by-status"
              title="Orders by status"
              description="Every order placed in the range, by its status now"
              query={statuses}
              csvUrl={reportCsvUrl("statuses", range)}
              what="the orders by status"
              empty={(data) => (data.items.length === 0 ? "No orders were placed in this range." : null)}
            >
              {(data) => <StatusesTable report={data} />}
            </ReportCard>
            <ReportCard
              id="sales-by-state"
              title="Sales by state"
              description="Where the orders go (a pickup counts in the store's state)"
              query={states}
              csvUrl={reportCsvUrl("states", range)}
              what="the sales by state"
              empty={(data) => (data.items.length === 0 ? NO_SALES : null)}
            >
              {(data) => <StatesTable report={data} />}
            </ReportCard>
            <ReportCard
              id="low-stock"
              title="Low stock"
              description={
                lowStock.data
                  ? `Active products with ${lowStock.data.threshold} or fewer pieces (the low-stock setting), today`
                  : "Active products at or under the low-stock setting, today"
              }
              query={lowStock}
              csvUrl={reportCsvUrl("low-stock", null)}
              what="the low stock"
              empty={(data) => (data.items.length === 0 ? "No active product is low on stock." : null)}
              className="lg:col-span-2"
            >
              {(data) => <LowStockTable report={data} />}
            </ReportCard>
          </div>
        </>
      ) : (
        <p className="rounded-2xl border border-line border-dashed bg-white px-5 py-8 text-center text-muted">
          Choose the start and end dates of the range.
        </p>
      )}
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
