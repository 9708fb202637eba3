import { zodResolver } from "@hookform/resolvers/zod";
import { type CoaBatch, type CoaFormFields, coaFormFieldsSchema } from "@shop/shared";
import {
  COA_FORM_ALKALOIDS,
  COA_FORM_CANNABINOIDS,
  COA_PANELS,
  megabytes,
  PANEL_RESULTS,
  PDF_UPLOAD,
} from "@shop/shared/constants";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { Field, fieldProps, inputClass, TextField } from "../../../components/form/field.tsx";
import { LabelledFileField, useFileChoice } from "../../../components/form/file-field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { FormSection } from "../../../components/form/form-section.tsx";
import { ProductChoice } from "../../../components/form/product-choice.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { fieldProblemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useCreateCoa, useProductChoices } from "../api/admin-coas.ts";
import { alkaloidLabels, cannabinoidLabels, panelLabels, panelResultLabels, THC_PER_CONTAINER } from "../format.ts";

type FormInput = z.input<typeof coaFormFieldsSchema>;
type FieldName = keyof FormInput;

const choosePdf = "Please choose the lab's report as a PDF.";

/** Each field's label, which its problems start with beside it and in the toast. */
const labels: Record<FieldName, string> = {
  productId: "Product",
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
  thcPerContainer: `${THC_PER_CONTAINER} (mg)`,
  ...(Object.fromEntries(COA_PANELS.map((name) => [name, panelLabels[name]])) as Record<
    (typeof COA_PANELS)[number],
    string
  >),
  servingSize: "Serving size",
  ...(Object.fromEntries(COA_FORM_ALKALOIDS.map((name) => [name, `${alkaloidLabels[name]} (mg)`])) as Record<
    (typeof COA_FORM_ALKALOIDS)[number],
    string
  >),
  sevenHydroxyShareOfAlkaloids: `${alkaloidLabels.sevenHydroxyShareOfAlkaloids} (%)`,
};

/** The form's sections: up to three fields a row. */
function Section(props: { id: string; title: string; hint?: string; children: ReactNode }) {
  return <FormSection columns="sm:grid-cols-2 lg:grid-cols-3" {...props} />;
}

/** The staff's Add COA form: the batch, the lab, the dates, every result, and the lab's PDF. */
export function CoaForm({ onSaved, cancelTo }: { onSaved: (batch: CoaBatch) => void; cancelTo: string }) {
  const create = useCreateCoa();
  const [productQuery, setProductQuery] = useState("");
  const products = useProductChoices(productQuery);
  const { file: pdf, setError: setPdfError, inputRef: pdfRef, field: pdfField } = useFileChoice();
  const form = useForm<FormInput, unknown, CoaFormFields>({
    resolver: zodResolver(coaFormFieldsSchema),
    defaultValues: { productId: "", labAccreditation: "ISO/IEC 17025:2017" },
  });
  const { errors, isSubmitting } = form.formState;
  useUnsavedChanges(form, "these lab results", pdf !== null);
  const props = fieldProps(form, "coa");
  /** A field's props, its problem starting with its label ("Batch / lot number must be …"). */
  const field = (name: FieldName, id?: string) => {
    const { error, ...rest } = props(name, id);
    return { ...rest, label: labels[name], error: error && fieldProblemInWords(labels[name], error) };
  };
  /** A result typed as the report prints it. */
  const decimal = (name: FieldName, id?: string) => (
    <TextField key={name} inputMode="decimal" autoComplete="off" {...field(name, id)} />
  );

  async function save() {
    if (!pdf) {
      setPdfError(choosePdf);
      pdfRef.current?.focus();
      return;
    }
    // The numbers go as typed: the server reads them into whole thousandths itself.
    const body = new FormData();
    for (const [name, value] of Object.entries(form.getValues())) {
      if (typeof value === "string" && value.trim() !== "") body.set(name, value.trim());
    }
    body.set("pdf", pdf);
    try {
      const batch = await create.mutateAsync(body);
      toast.success(`Lab results of batch ${batch.lotNumber} published`);
      onSaved(batch);
    } catch (failure) {
      const names = Object.keys(form.getValues()) as FieldName[];
      const problem = showServerErrors(form.setError, failure, names, labels, {
        files: { pdf: setPdfError },
        setFocus: form.setFocus,
      });
      toast.error(`Failed to publish lab results: ${problem.message}`);
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save, () => {
        if (!pdf) setPdfError(choosePdf);
      })}
      className="grid gap-6"
    >
      <Section
        id="coa-batch"
        title="Batch"
        hint="Choose the product, then type the batch number printed on its package."
      >
        <ProductChoice
          query={productQuery}
          onQuery={setProductQuery}
          products={products.data?.items ?? []}
          none="Choose a product"
          {...field("productId", "coa-product")}
        />
        <TextField
          hint="Letters, digits and hyphens, e.g. HMH-VCS-2611A."
          autoComplete="off"
          {...field("lotNumber", "coa-lot")}
        />
      </Section>

      <Section id="coa-lab" title="Laboratory and dates">
        <TextField {...field("labName", "coa-lab-name")} />
        <TextField {...field("labAccreditation", "coa-lab-accreditation")} />
        <TextField {...field("labCertificateNumber", "coa-lab-certificate")} />
        <TextField type="date" {...field("sampleDate", "coa-sample-date")} />
        <TextField type="date" {...field("testDate", "coa-test-date")} />
        <TextField type="date" {...field("reportDate", "coa-report-date")} />
      </Section>

      <Section
        id="coa-cannabinoids"
        title="Cannabinoids"
        hint="Percent by weight as the report prints it (0.284), and the THC of every kind in one container as sold in milligrams, when the report states it. Leave blank what was not tested; 0 means not detected. Total THC is computed."
      >
        {COA_FORM_CANNABINOIDS.map((name) => decimal(name))}
        {decimal("thcPerContainer", "coa-thc-per-container")}
      </Section>

      <Section id="coa-panels" title="Safety panels">
        {COA_PANELS.map((name) => (
          <Field key={name} id={`coa-${name}`} label={labels[name]} error={field(name).error}>
            {(describedBy) => (
              <select
                id={`coa-${name}`}
                {...form.register(name)}
                defaultValue="not_tested"
                aria-describedby={describedBy}
                className={inputClass}
              >
                {PANEL_RESULTS.map((result) => (
                  <option key={result} value={result}>
                    {panelResultLabels[result]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
      </Section>

      <Section
        id="coa-alkaloids"
        title="Kratom alkaloids"
        hint="For kratom, 7-OH and pseudo products: milligrams per serving, and 7-OH's share of all alkaloids in percent."
      >
        <TextField hint="e.g. 1 tablet, 2 g" {...field("servingSize", "coa-serving")} />
        {COA_FORM_ALKALOIDS.map((name) => decimal(name))}
        {decimal("sevenHydroxyShareOfAlkaloids", "coa-seven-oh-share")}
      </Section>

      <section aria-labelledby="coa-pdf-title" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h2 id="coa-pdf-title" className="font-semibold text-lg">
          The lab's report
        </h2>
        <div className="mt-4 max-w-md">
          <LabelledFileField
            id="coa-pdf"
            label="PDF"
            hint={`The certificate as the lab sent it, at most ${megabytes(PDF_UPLOAD.maxBytes)} MB.`}
            kind="pdf"
            pickerLabel="Choose the PDF"
            {...pdfField}
            removeLabel="Remove the PDF"
          />
        </div>
      </section>

      <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting}>
        {isSubmitting ? "Publishing..." : "Publish lab results"}
      </FormActions>
    </form>
  );
}
