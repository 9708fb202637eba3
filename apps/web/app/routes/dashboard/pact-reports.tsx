import { US_STATES, type UsState } from "@shop/shared/constants";
import { FileSpreadsheet } from "lucide-react";
import { AdminList, ListFilter, oneOf, pageOf, useListParams } from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { usePactPeriods } from "../../features/orders/api/get-pact-reports.ts";
import { PactPeriodsTable } from "../../features/orders/components/pact-periods-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("PACT Act reports");
}

const STATE_CODES = Object.keys(US_STATES) as UsState[];

export default function PactReports() {
  const search = useListParams();
  const state = oneOf(search.params.get("state")?.toUpperCase() ?? null, STATE_CODES);
  const periods = usePactPeriods({ state, page: search.page });
  const data = periods.data;
  const states = [...(data?.states ?? [])];
  if (state && !states.includes(state)) states.push(state);

  return (
    <>
      <AdminPageHeader
        title="PACT Act reports"
        description="The vape orders shipped each month to each state, for the monthly reports the PACT Act asks of delivery sellers (due by the 10th of the next month). Open one to print it, or download it as CSV."
        segmentLabels={{ pact: "PACT Act" }}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-center">
        <ListFilter
          label="State"
          name="state"
          value={state}
          options={[["", "All states"], ...states.map((code): [string, string] => [code, US_STATES[code]])]}
        />
        <p className="text-muted text-xs">
          An order counts in the month it was handed to the carrier (UTC) and the state it was shipped to, with its
          lines that were vapes or vape parts when it was placed. Orders are kept, never deleted.
        </p>
      </div>
      <AdminList
        query={periods}
        page={data && pageOf(data)}
        noun={{ one: "report", many: "reports" }}
        what="the PACT Act reports"
        icon={FileSpreadsheet}
        table={(items, stale) => <PactPeriodsTable rows={items} stale={stale} />}
        narrowed={
          state && {
            matching: ` for ${US_STATES[state]}`,
            title: "No reports for this state",
            children: `No vape orders have been shipped to ${US_STATES[state]}.`,
          }
        }
        empty={{
          title: "No vape orders shipped yet",
          children:
            "When an order with vapes or vape parts is shipped, its month and state appear here with the report to print or download.",
        }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
