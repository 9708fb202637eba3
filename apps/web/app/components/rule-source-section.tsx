import type { FieldValues } from "react-hook-form";
import { CheckboxField, type fieldProps, TextAreaField, TextField } from "./form/field.tsx";
import { FormSection } from "./form/form-section.tsx";

/** The fields every rule kept as data has (a compliance rule, a tax rule): when it holds and where it comes from. */
type SourceField =
  | "effectiveFrom"
  | "effectiveTo"
  | "sourceUrl"
  | "sourceDate"
  | "lastCheckedOn"
  | "notes"
  | "isExample";

type FieldOf = (name: SourceField) => ReturnType<ReturnType<typeof fieldProps<FieldValues>>>;

/**
 * A rule form's "Dates and source" section (Settings > Compliance, Settings > Taxes): in force from
 * and to, the source's address and date, the day it was last checked, notes and the Example mark.
 * `noun` names the rule in the hints ("the rule shows as stale").
 */
export function RuleSourceSection({
  id,
  noun,
  sourceHint,
  labels,
  field,
}: {
  id: string;
  noun: string;
  /** What the source is: "The law, regulation or agency page the rule comes from." */
  sourceHint: string;
  labels: Record<Exclude<SourceField, "isExample">, string>;
  field: FieldOf;
}) {
  return (
    <FormSection id={id} title="Dates and source">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          type="date"
          label={labels.effectiveFrom}
          hint="From the start of this day."
          {...field("effectiveFrom")}
        />
        <TextField
          type="date"
          label={labels.effectiveTo}
          hint="To the end of this day; empty: no end."
          {...field("effectiveTo")}
        />
      </div>
      <TextField
        type="url"
        label={labels.sourceUrl}
        hint={sourceHint}
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        {...field("sourceUrl")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          type="date"
          label={labels.sourceDate}
          hint="The source's own date (optional)."
          {...field("sourceDate")}
        />
        <TextField
          type="date"
          label={labels.lastCheckedOn}
          hint={`90 days on, the ${noun} shows as stale.`}
          {...field("lastCheckedOn")}
        />
      </div>
      <TextAreaField label={labels.notes} rows={4} {...field("notes")} />
      <CheckboxField
        label="Example data"
        hint="Shipped with the demo: verify it against its source before relying on it."
        {...field("isExample")}
      />
    </FormSection>
  );
}
