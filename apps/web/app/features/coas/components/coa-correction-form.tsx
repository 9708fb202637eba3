import { zodResolver } from "@hookform/resolvers/zod";
import { type CoaBatch, type CoaCorrection, coaCorrectionSchema } from "@shop/shared";
import { COA_CORRECTION_REASON, COA_FIGURES, type CoaFigure } from "@shop/shared/constants";
import { formatThousandths } from "@shop/shared/rules";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { fieldProps, TextAreaField } from "../../../components/form/field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { fieldProblemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useCorrectCoa } from "../api/admin-coas.ts";
import { figureOf } from "../format.ts";
import { CoaFigureFields, CoaSection, coaField, coaFieldLabels } from "./coa-fields.tsx";

type CorrectionInput = z.input<typeof coaCorrectionSchema>;
type CorrectionName = keyof CorrectionInput;

const REASON = "Reason for the correction";
const labels: Record<string, string> = { ...coaFieldLabels, reason: REASON };

/** A figure as the form shows it: as the report prints it, without its unit; blank for none. */
function typedFigure(batch: CoaBatch, name: CoaFigure): string {
  const value = figureOf(batch, name);
  if (value === null) return "";
  return typeof value === "number" ? formatThousandths(value) : value;
}

/**
 * The staff's Correct figures form (docs/decisions/083): the Add COA form's results, filled with the
 * batch's, and why they are corrected. Only the figures that differ from the batch's are sent, as
 * typed; a figure made blank becomes "not tested".
 */
export function CoaCorrectionForm({
  batch,
  onSaved,
  cancelTo,
}: {
  batch: CoaBatch;
  onSaved: (batch: CoaBatch) => void;
  cancelTo: string;
}) {
  const correct = useCorrectCoa(batch.lotNumber);
  const form = useForm<CorrectionInput, unknown, CoaCorrection>({
    resolver: zodResolver(coaCorrectionSchema),
    defaultValues: {
      ...Object.fromEntries(COA_FIGURES.map((name) => [name, typedFigure(batch, name)])),
      reason: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  useUnsavedChanges(form, "these corrected figures");
  const field = coaField(form);
  const reason = fieldProps(form, "coa")("reason");

  async function save(values: CoaCorrection) {
    const typed = form.getValues();
    const body: Record<string, string> = { reason: values.reason };
    for (const name of COA_FIGURES) {
      if (values[name] !== undefined && values[name] !== figureOf(batch, name)) body[name] = typed[name]?.trim() ?? "";
    }
    try {
      const saved = await correct.mutateAsync(body);
      toast.success(`Figures of batch ${saved.lotNumber} corrected`);
      onSaved(saved);
    } catch (failure) {
      const names = [...COA_FIGURES, "reason"] as CorrectionName[];
      const problem = showServerErrors(form.setError, failure, names, labels, { setFocus: form.setFocus });
      toast.error(`Failed to correct the figures: ${problem.message}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="grid gap-6">
      <CoaFigureFields field={field} />

      <CoaSection
        id="coa-correction"
        title="Why"
        hint="Buyers see the reason and the date on the batch's page, beside the corrected figures. The PDF stays as the lab issued it."
      >
        <div className="sm:col-span-2 lg:col-span-3">
          <TextAreaField
            rows={3}
            maxLength={COA_CORRECTION_REASON.max}
            hint={`${COA_CORRECTION_REASON.min} to ${COA_CORRECTION_REASON.max} characters, e.g. “The total THC per container was left out when the report was typed in.”`}
            {...reason}
            label={REASON}
            error={reason.error && fieldProblemInWords(REASON, reason.error)}
          />
        </div>
      </CoaSection>

      <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting}>
        {isSubmitting ? "Saving..." : "Save corrected figures"}
      </FormActions>
    </form>
  );
}
