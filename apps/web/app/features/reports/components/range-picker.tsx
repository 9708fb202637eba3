import { REPORT_PRESETS, type ReportPreset, reportPresetLabels } from "@shop/shared/rules";
import { useLocation, useNavigate } from "react-router";
import { Field, inputClass } from "../../../components/form/field.tsx";
import { type ChosenRange, rangeSearch } from "../report-range.ts";

/**
 * The reports' date range: a preset, or Custom with a start and an end day (UTC, both included),
 * kept in the address so that a report can be shared and reloaded. A custom range that is not one
 * says what is wrong beside the date.
 */
export function RangePicker({ chosen }: { chosen: ChosenRange }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const go = (search: string) => navigate(`${pathname}${search}`, { replace: true, preventScrollReset: true });
  const choose = (preset: ReportPreset) =>
    go(rangeSearch(preset === "custom" ? { preset, from: chosen.from, to: chosen.to } : { preset }));
  const setDay = (which: "from" | "to", day: string) =>
    go(rangeSearch({ preset: "custom", from: chosen.from, to: chosen.to, [which]: day }));
  const error = (field: "from" | "to") => (chosen.problem?.field === field ? chosen.problem.message : undefined);
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,11rem)_minmax(0,11rem)] sm:items-start">
      <Field id="report-range" label="Date range">
        {() => (
          <select
            id="report-range"
            value={chosen.preset}
            onChange={(event) => choose(event.target.value as ReportPreset)}
            className={`${inputClass} h-11 py-0`}
          >
            {REPORT_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {reportPresetLabels[preset]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {chosen.preset === "custom" &&
        (["from", "to"] as const).map((which) => (
          <Field key={which} id={`report-${which}`} label={which === "from" ? "From" : "To"} error={error(which)}>
            {(describedBy) => (
              <input
                id={`report-${which}`}
                type="date"
                value={chosen[which]}
                min={which === "to" ? chosen.from || undefined : undefined}
                max={which === "from" ? chosen.to || undefined : undefined}
                onChange={(event) => setDay(which, event.target.value)}
                aria-invalid={error(which) ? true : undefined}
                aria-describedby={describedBy}
                className={`${inputClass} h-11 py-0`}
              />
            )}
          </Field>
        ))}
    </div>
  );
}
