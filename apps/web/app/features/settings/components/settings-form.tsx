import { zodResolver } from "@hookform/resolvers/zod";
import type { ShopSettings, ShopSettingsPatch } from "@shop/shared";
import type { ReactNode } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { type FieldLabels, problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useSaveSettings } from "../api/settings.ts";

interface Props<Values extends FieldValues, Output> {
  /** The card's anchor (`#shipping`) and its fields' id prefix. */
  id: string;
  title: string;
  hint?: string;
  settings: ShopSettings;
  /** The form's fields from the settings; after a save, from what was saved. */
  valuesOf: (settings: ShopSettings) => Values;
  /** Checks the fields as the form holds them (dollars as typed) and gives what `toPatch` takes. */
  schema: z.ZodType<Output, Values>;
  toPatch: (output: Output) => ShopSettingsPatch;
  /** The fields' names (the API's, so a refusal lands beside its field) and their labels. */
  labels: FieldLabels;
  children: (form: UseFormReturn<Values, unknown, Output>) => ReactNode;
}

/**
 * One card of the Settings page: its own form, saved on its own (only what it holds is sent),
 * each field's problem beside it, and a question before leaving it unsaved (decision 052).
 */
export function SettingsForm<Values extends FieldValues, Output>({
  id,
  title,
  hint,
  settings,
  valuesOf,
  schema,
  toPatch,
  labels,
  children,
}: Props<Values, Output>) {
  const save = useSaveSettings();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>,
    defaultValues: valuesOf(settings) as DefaultValues<Values>,
  });
  const { isSubmitting, isDirty, errors } = form.formState;
  useUnsavedChanges(form, `the ${title.toLowerCase()} settings`);

  async function submit(output: Output) {
    try {
      const saved = await save.mutateAsync(toPatch(output));
      form.reset(valuesOf(saved));
      toast.success(`${title} saved`);
    } catch (error) {
      const problem = showServerErrors(form.setError, error, Object.keys(labels) as Path<Values>[], labels, {
        setFocus: form.setFocus,
      });
      toast.error(`Failed to save ${title.toLowerCase()}: ${problemInWords(problem, labels)}`);
    }
  }

  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className="scroll-mt-24 rounded-2xl border border-line bg-white">
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <div className="p-5 sm:p-6">
          <h2 id={titleId} className="font-semibold text-lg">
            {title}
          </h2>
          {hint && <p className="mt-1 text-muted text-sm">{hint}</p>}
          <div className="mt-5 grid gap-5">{children(form)}</div>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3 border-line border-t px-5 py-4 sm:px-6">
          <FormAlert message={errors.root?.message} className="mr-auto" />
          {isDirty && !isSubmitting && <p className="text-muted text-sm">Unsaved changes</p>}
          <SubmitButton busy={isSubmitting} busyLabel="Saving...">
            Save
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
