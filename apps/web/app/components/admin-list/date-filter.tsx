import { isCalendarDay } from "@shop/shared/rules";
import type { ReactNode } from "react";
import { inputClass } from "../form/field.tsx";
import { useSetListParam } from "./use-list-params.ts";

/** A calendar day from the address, or nothing when it is not one (the API would refuse it). */
export const dayFrom = (value: string | null): string | undefined =>
  value && isCalendarDay(value) ? value : undefined;

interface Props {
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (day: string) => void;
}

/** A list's "from" or "to" day, kept in the address by the page (useListParams). */
export function DateFilter(props: Props) {
  return (
    <label className="flex min-w-0 items-center gap-2">
      <span className="shrink-0 font-medium text-muted text-sm">{props.label}</span>
      <input
        type="date"
        value={props.value}
        min={props.min}
        max={props.max}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${inputClass} h-11 min-w-0 py-0 text-sm`}
      />
    </label>
  );
}

interface RangeProps {
  /** ?from= and ?to= of the address, when they are days. */
  from: string | undefined;
  to: string | undefined;
  /** A box around each day, where the filters' grid places them. */
  boxClassName?: string;
}

/** A list's "From" and "To" days, each the other's limit, kept in the address. */
export function DateRangeFilter({ from, to, boxClassName }: RangeProps) {
  const setParam = useSetListParam();
  const box = (day: ReactNode) => (boxClassName ? <div className={boxClassName}>{day}</div> : day);
  return (
    <>
      {box(<DateFilter label="From" value={from ?? ""} max={to} onChange={(day) => setParam("from", day, "")} />)}
      {box(<DateFilter label="To" value={to ?? ""} min={from} onChange={(day) => setParam("to", day, "")} />)}
    </>
  );
}
