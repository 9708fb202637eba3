import { zodResolver } from "@hookform/resolvers/zod";
import { type CoaBatch, type CoaFormFields, coaFormFieldsSchema } from "@shop/shared";
import { COA_PANELS, megabytes, PDF_UPLOAD } from "@shop/shared/constants";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { TextField } from "../../../components/form/field.tsx";
import { LabelledFileField, useFileChoice } from "../../../components/form/file-field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { ProductChoice } from "../../../components/form/product-choice.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { useCreateCoa, useProductChoices } from "../api/admin-coas.ts";
import { CoaFigureFields, coaField, coaFieldLabels as labels, CoaSection as Section } from "./coa-fields.tsx";

type FormInput = z.input<typeof coaFormFieldsSchema>;
type FieldName = keyof FormInput;

const choosePdf = "Please choose the lab's report as a PDF.";

/** The staff's Add COA form: the batch, the lab, the dates, every result, and the lab's PDF. */
export function CoaForm({ onSaved, cancelTo }: { onSaved: (batch: CoaBatch) => void; cancelTo: string }) {
  const create = useCreateCoa();
  const [productQuery, setProductQuery] = useState("");
  const products = useProductChoices(productQuery);
  const { file: pdf, setError: setPdfError, inputRef: pdfRef, field: pdfField } = useFileChoice();
  const form = useForm<FormInput, unknown, CoaFormFields>({
    resolver: zodResolver(coaFormFieldsSchema),
    defaultValues: {
      productId: "",
      labAccreditation: "ISO/IEC 17025:2017",
      ...Object.fromEntries(COA_PANELS.map((name) => [name, "not_tested"])),
    },
  });
  const { errors, isSubmitting } = form.formState;
  useUnsavedChanges(form, "these lab results", pdf !== null);
  const field = coaField(form);

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

      <CoaFigureFields field={field} />

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
