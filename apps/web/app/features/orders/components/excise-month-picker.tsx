import { useLocation, useNavigate } from "react-router";
import { Field, inputClass } from "../../../components/form/field.tsx";
import type { ChosenMonths } from "../excise-range.ts";

/**
 * The excise report's months: the first and the last (UTC, both counted), kept in the address so
 * that a report can be shared and reloaded. A range that is not one says what is wrong beside it.
 */
export function ExciseMonthPicker({ chosen }: { chosen: ChosenMonths }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const setMonth = (which: "from" | "to", month: string) => {
    const next = { from: chosen.from, to: chosen.to, [which]: month };
    // A first month after the last moves the last with it: one month is the usual report.
    if (which === "from" && next.to < month) next.to = month;
    const search = new URLSearchParams(next).toString();
    navigate(`${pathname}?${search}`, { replace: true, preventScrollReset: true });
  };
  const error = (field: "from" | "to") => (chosen.problem?.field === field ? chosen.problem.message : undefined);
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,12rem)] sm:items-start">
      {(["from", "to"] as const).map((which) => (
        <Field
          key={which}
          id={`excise-${which}`}
          label={which === "from" ? "First month" : "Last month"}
          error={error(which)}
        >
          {(describedBy) => (
            <input
              id={`excise-${which}`}
              type="month"
              value={chosen[which]}
              min={which === "to" ? chosen.from || undefined : undefined}
              onChange={(event) => event.target.value && setMonth(which, event.target.value)}
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
