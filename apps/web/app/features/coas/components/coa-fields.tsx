import type { coaFormFieldsSchema } from "@shop/shared";
import {
  COA_FORM_ALKALOIDS,
  COA_FORM_CANNABINOIDS,
  COA_PANELS,
  type CoaFigure,
  PANEL_RESULTS,
} from "@shop/shared/constants";
import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Field, fieldProps, inputClass, TextField } from "../../../components/form/field.tsx";
import { FormSection } from "../../../components/form/form-section.tsx";
import { fieldProblemInWords } from "../../../lib/form-errors.ts";
import { alkaloidLabels, cannabinoidLabels, figureLabels, panelLabels, panelResultLabels } from "../format.ts";

/** The Add COA form's fields, by the API's names. */
export type CoaFieldName = keyof z.input<typeof coaFormFieldsSchema>;

/**
 * Each field's label, which its problems start with beside it and in the toast: the Add COA form's
 * and the Correct figures form's (docs/decisions/083).
 */
export const coaFieldLabels: Record<CoaFieldName, string> = {
  productId: "Product",
  variantId: "Variant",
  lotNumber: "Batch / lot number",
  labName: "Lab name",
  labAccreditation: "Accreditation",
  labCertificateNumber: "Accreditation certificate number",
  sampleDate: "Sample date",
  testDate: "Test date",
  reportDate: "Report date",
  ...(Object.fromEntries(COA_FORM_CANNABINOIDS.map((name) => [name, `${cannabinoidLabels[name]} (%)`])) as Record<
    (typeof COA_FORM_CANNABINOIDS)[number],
    string
  >),
  thcPerContainer: `${figureLabels.thcPerContainer} (mg)`,
  ...(Object.fromEntries(COA_PANELS.map((name) => [name, panelLabels[name]])) as Record<
    (typeof COA_PANELS)[number],
    string
  >),
  servingSize: figureLabels.servingSize,
  ...(Object.fromEntries(COA_FORM_ALKALOIDS.map((name) => [name, `${alkaloidLabels[name]} (mg)`])) as Record<
    (typeof COA_FORM_ALKALOIDS)[number],
    string
  >),
  sevenHydroxyShareOfAlkaloids: `${alkaloidLabels.sevenHydroxyShareOfAlkaloids} (%)`,
};

/** What a COA field's control takes: its id, label and problem, and register's props. */
export type CoaFieldBinding = { id: string; label: string; error: string | undefined } & UseFormRegisterReturn;

/**
 * A form's COA field props: `field(name)` gives the field's label, and its problem starting with
 * that label ("Batch / lot number must be …").
 */
export function coaField<Values extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any context and output type of the form will do
  form: UseFormReturn<Values, any, any>,
) {
  const props = fieldProps(form, "coa");
  return (name: Path<Values> & CoaFieldName, id?: string): CoaFieldBinding => {
    const { error, ...rest } = props(name, id);
    const label = coaFieldLabels[name];
    return { ...rest, label, error: error && fieldProblemInWords(label, error) };
  };
}

/** A form's sections: up to three fields a row. */
export function CoaSection(props: { id: string; title: string; hint?: string; children: ReactNode }) {
  return <FormSection columns="sm:grid-cols-2 lg:grid-cols-3" {...props} />;
}

/** The results typed from the report: cannabinoids, THC per container, safety panels and kratom alkaloids. */
export function CoaFigureFields({ field }: { field: (name: CoaFigure, id?: string) => CoaFieldBinding }) {
  /** A result typed as the report prints it. */
  const decimal = (name: CoaFigure, id?: string) => (
    <TextField key={name} inputMode="decimal" autoComplete="off" {...field(name, id)} />
  );
  return (
    <>
      <CoaSection
        id="coa-cannabinoids"
        title="Cannabinoids"
        hint="Percent by weight as the report prints it (0.284), and the THC of every kind in one container as sold in milligrams, when the report states it. Leave blank what was not tested; 0 means not detected. Total THC is computed."
      >
        {COA_FORM_CANNABINOIDS.map((name) => decimal(name))}
        {decimal("thcPerContainer", "coa-thc-per-container")}
      </CoaSection>

      <CoaSection id="coa-panels" title="Safety panels">
        {COA_PANELS.map((name) => {
          const { id, label, error, ...register } = field(name);
          return (
            <Field key={name} id={id} label={label} error={error}>
              {(describedBy) => (
                <select id={id} {...register} aria-describedby={describedBy} className={inputClass}>
                  {PANEL_RESULTS.map((result) => (
                    <option key={result} value={result}>
                      {panelResultLabels[result]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          );
        })}
      </CoaSection>

      <CoaSection
        id="coa-alkaloids"
        title="Kratom alkaloids"
        hint="For kratom, 7-OH and pseudo products: milligrams per serving, and 7-OH's share of all alkaloids in percent."
      >
        <TextField hint="e.g. 1 tablet, 2 g" {...field("servingSize", "coa-serving")} />
        {COA_FORM_ALKALOIDS.map((name) => decimal(name))}
        {decimal("sevenHydroxyShareOfAlkaloids", "coa-seven-oh-share")}
      </CoaSection>
    </>
  );
}
