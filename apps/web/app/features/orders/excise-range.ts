import { EXCISE_REPORT_MAX_MONTHS, monthsInRange } from "@shop/shared";
import type { MonthRange } from "./api/get-excise-report.ts";

/** The months the page's address asks for, as typed, and the range they make (null while one is wrong). */
export interface ChosenMonths {
  from: string;
  to: string;
  range: MonthRange | null;
  /** What is wrong, beside the month it is about. */
  problem: { field: "from" | "to"; message: string } | null;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The excise report's months from the address (`?from=YYYY-MM&to=YYYY-MM`): this month (UTC) by
 * default, one month when only the first is given; a month that is not one, a range backwards
 * or over the API's limit is named beside its field, as the API would refuse it.
 */
export function chooseMonths(params: URLSearchParams, today: string): ChosenMonths {
  const from = params.get("from") ?? today.slice(0, 7);
  const to = params.get("to") || from;
  const wrong = (field: "from" | "to", message: string): ChosenMonths => ({
    from,
    to,
    range: null,
    problem: { field, message },
  });
  if (!MONTH.test(from)) return wrong("from", "Please choose a month.");
  if (!MONTH.test(to)) return wrong("to", "Please choose a month.");
  if (to < from) return wrong("to", "The last month cannot be before the first.");
  if (monthsInRange(from, to) > EXCISE_REPORT_MAX_MONTHS) {
    return wrong("to", `Please choose at most ${EXCISE_REPORT_MAX_MONTHS} months.`);
  }
  return { from, to, range: { from, to }, problem: null };
}
