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
import { Field, inputClass, TextField } from "../../../components/form/field.tsx";
import { FileField, useFileChoice } from "../../../components/form/file-field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { useCreateCoa, useProductChoices } from "../api/admin-coas.ts";
import { alkaloidLabels, cannabinoidLabels, panelLabels, panelResultLabels } from "../format.ts";

type FormInput = z.input<typeof coaFormFieldsSchema>;
type FieldName = keyof FormInput;

const choosePdf = "Please choose the lab's report as a PDF.";

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {hint && <p className="mt-1 text-muted text-sm">{hint}</p>}
      <div className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </section>
  );
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
  const error = (name: FieldName) => errors[name]?.message;

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
      const problem = showServerErrors(
        form.setError,
        failure,
        names,
        {},
        {
          files: { pdf: setPdfError },
          setFocus: form.setFocus,
        },
      );
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
        <TextField
          id="coa-product-search"
          label="Find product"
          hint="Words of its name or its SKU."
          type="search"
          value={productQuery}
          onChange={(event) => setProductQuery(event.currentTarget.value)}
        />
        <Field id="coa-product" label="Product" error={error("productId")}>
          {(describedBy) => (
            <select
              id="coa-product"
              {...form.register("productId")}
              aria-invalid={errors.productId ? true : undefined}
              aria-describedby={describedBy}
              className={inputClass}
            >
              <option value="">Choose a product</option>
              {products.data?.items.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name} ({product.sku})
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          id="coa-lot"
          label="Batch / lot number"
          hint="Letters, digits and hyphens, e.g. HMH-VCS-2611A."
          autoComplete="off"
          error={error("lotNumber")}
          {...form.register("lotNumber")}
        />
      </Section>

      <Section id="coa-lab" title="Laboratory and dates">
        <TextField id="coa-lab-name" label="Lab name" error={error("labName")} {...form.register("labName")} />
        <TextField
          id="coa-lab-accreditation"
          label="Accreditation"
          error={error("labAccreditation")}
          {...form.register("labAccreditation")}
        />
        <TextField
          id="coa-lab-certificate"
          label="Accreditation certificate number"
          error={error("labCertificateNumber")}
          {...form.register("labCertificateNumber")}
        />
        <TextField
          id="coa-sample-date"
          label="Sample date"
          type="date"
          error={error("sampleDate")}
          {...form.register("sampleDate")}
        />
        <TextField
          id="coa-test-date"
          label="Test date"
          type="date"
          error={error("testDate")}
          {...form.register("testDate")}
        />
        <TextField
          id="coa-report-date"
          label="Report date"
          type="date"
          error={error("reportDate")}
          {...form.register("reportDate")}
        />
      </Section>

      <Section
        id="coa-cannabinoids"
        title="Cannabinoids"
        hint="Percent by weight as the report prints it (0.284). Leave blank what was not tested; 0 means not detected. Total THC is computed."
      >
        {COA_FORM_CANNABINOIDS.map((name) => (
          <TextField
            key={name}
            id={`coa-${name}`}
            label={`${cannabinoidLabels[name]} (%)`}
            inputMode="decimal"
            autoComplete="off"
            error={error(name)}
            {...form.register(name)}
          />
        ))}
      </Section>

      <Section id="coa-panels" title="Safety panels">
        {COA_PANELS.map((name) => (
          <Field key={name} id={`coa-${name}`} label={panelLabels[name]} error={error(name)}>
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
        <TextField
          id="coa-serving"
          label="Serving size"
          hint="e.g. 1 tablet, 2 g"
          error={error("servingSize")}
          {...form.register("servingSize")}
        />
        {COA_FORM_ALKALOIDS.map((name) => (
          <TextField
            key={name}
            id={`coa-${name}`}
            label={`${alkaloidLabels[name]} (mg)`}
            inputMode="decimal"
            autoComplete="off"
            error={error(name)}
            {...form.register(name)}
          />
        ))}
        <TextField
          id="coa-seven-oh-share"
          label={`${alkaloidLabels.sevenHydroxyShareOfAlkaloids} (%)`}
          inputMode="decimal"
          autoComplete="off"
          error={error("sevenHydroxyShareOfAlkaloids")}
          {...form.register("sevenHydroxyShareOfAlkaloids")}
        />
      </Section>

      <section aria-labelledby="coa-pdf-title" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h2 id="coa-pdf-title" className="font-semibold text-lg">
          The lab's report
        </h2>
        <div className="mt-4 max-w-md">
          <Field
            id="coa-pdf"
            label="PDF"
            hint={`The certificate as the lab sent it, at most ${megabytes(PDF_UPLOAD.maxBytes)} MB.`}
          >
            {(describedBy) => (
              <FileField
                id="coa-pdf"
                kind="pdf"
                label="Choose the PDF"
                {...pdfField}
                describedBy={describedBy}
                removeLabel="Remove the PDF"
              />
            )}
          </Field>
        </div>
      </section>

      <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting}>
        {isSubmitting ? "Publishing..." : "Publish lab results"}
      </FormActions>
    </form>
  );
}
