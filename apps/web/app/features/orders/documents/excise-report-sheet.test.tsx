// @vitest-environment happy-dom
import type { ExciseReport, ExciseReportLine } from "@shop/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { exciseBasisWords } from "../components/excise-tables.tsx";
import { ExciseReportSheet, monthsWords } from "./excise-report-sheet.tsx";

afterEach(cleanup);

const line = (change: Partial<ExciseReportLine>): ExciseReportLine => ({
  id: "a1",
  kind: "collected",
  number: "7K3M-9QX2",
  at: "2026-10-28T12:00:00.000Z",
  status: "refunded",
  customerName: "Sam Lee",
  address: { fullName: "Sam Lee", line1: "12 Elm Street", line2: null, city: "Columbus", state: "OH", zip: "43215" },
  brand: "Zephyr",
  product: "Cloud disposable",
  variant: "Flavor: Mango",
  sku: "ZEP-CLD-MNG",
  unit: "piece",
  quantity: 2,
  pieces: 2,
  tax: "Ohio vapor products tax: 10 ml × $0.10 × 2",
  basis: "per_ml",
  millilitres: 20_000,
  basisCents: null,
  rate: "$0.10 per ml",
  amountCents: 200,
  refundCents: null,
  ...change,
});

const report: ExciseReport = {
  from: "2026-10",
  to: "2026-11",
  start: "2026-10-01T00:00:00.000Z",
  before: "2026-12-01T00:00:00.000Z",
  periods: [
    { where: "Ohio", month: "2026-10", collectedCents: 200, reversedCents: 0, netCents: 200, lines: [line({})] },
    {
      where: "Ohio",
      month: "2026-11",
      collectedCents: 0,
      reversedCents: 100,
      netCents: -100,
      lines: [
        line({ id: "a1:r1", kind: "reversed", at: "2026-11-29T09:00:00.000Z", amountCents: -100, refundCents: 2150 }),
      ],
    },
  ],
  totals: { collectedCents: 200, reversedCents: 100, netCents: 100 },
};

describe("the printed excise report", () => {
  it("gives the range, the totals, each jurisdiction and month, and each line with its buyer, product and basis", () => {
    render(<ExciseReportSheet report={report} preparedAt="2026-11-29T10:00:00.000Z" />);
    expect(screen.getByRole("heading", { level: 1, name: "Excise tax report" })).toBeTruthy();
    expect(screen.getAllByText("October to November 2026").length).toBeGreaterThan(0);
    const byPeriod = screen.getByRole("table", { name: "By jurisdiction and month" });
    expect(
      within(byPeriod)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "JurisdictionMonthCollectedRefundedNet",
      "OhioOctober 2026$2.00$0.00$2.00",
      "OhioNovember 2026$0.00-$1.00-$1.00",
    ]);
    const october = screen.getByRole("table", { name: "Lines of Ohio, October 2026" });
    expect(october.textContent).toContain("12 Elm Street");
    expect(october.textContent).toContain("Zephyr · Cloud disposable (Flavor: Mango)");
    expect(october.textContent).toContain("20 ml · 2 pieces · $0.10 per ml");
    const november = screen.getByRole("table", { name: "Lines of Ohio, November 2026" });
    expect(november.textContent).toContain("Refund of $21.50");
    expect(november.textContent).toContain("-$1.00");
  });

  it("says so when there is nothing to file", () => {
    render(
      <ExciseReportSheet
        report={{ ...report, from: "2020-01", to: "2020-01", periods: [] }}
        preparedAt="2026-11-29T10:00:00.000Z"
      />,
    );
    expect(screen.getByText("No excise tax was collected or given back in January 2020.")).toBeTruthy();
  });
});

describe("words of the excise report", () => {
  it("names a range of months, across a year too", () => {
    expect(monthsWords("2026-11", "2026-11")).toBe("November 2026");
    expect(monthsWords("2025-12", "2026-02")).toBe("December 2025 to February 2026");
  });

  it("says what each basis was worked out on", () => {
    expect(exciseBasisWords(line({}))).toBe("20 ml · 2 pieces · $0.10 per ml");
    expect(
      exciseBasisWords(
        line({
          basis: "retail_percent",
          millilitres: null,
          basisCents: 1800,
          rate: "12.5% of the retail price",
          pieces: 1,
        }),
      ),
    ).toBe("1 piece · 12.5% of the retail price of $18.00");
    expect(exciseBasisWords(line({ basis: "per_unit", millilitres: null, rate: "$0.50 per unit" }))).toBe(
      "2 pieces · $0.50 per unit",
    );
  });
});
