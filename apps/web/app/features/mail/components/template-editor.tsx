import { zodResolver } from "@hookform/resolvers/zod";
import { type MailTemplate, type MailTemplateInput, mailTemplateInputSchema } from "@shop/shared";
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { Field, inputClass, TextField } from "../../../components/form/field.tsx";
import { SectionTitle } from "../../../components/form/form-section.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button, buttonClass } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { ApiRequestError, errorMessage } from "../../../lib/api-error.ts";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useMailPreview } from "../api/preview-mail-template.ts";
import { useResetMailTemplate, useSaveMailTemplate } from "../api/save-mail-template.ts";
import { insertPlaceholder } from "./insert-placeholder.ts";

const fieldNames = ["subject", "body"] as const;
const labels = { subject: "Subject", body: "Text" };
type FieldName = (typeof fieldNames)[number];

interface Props {
  template: MailTemplate;
  listPath: string;
}

/**
 * One e-mail's subject and text, with its placeholders beside them (a click puts one where the
 * cursor was), a live preview with sample data, Save and Reset to default.
 */
export function TemplateEditor({ template, listPath }: Props) {
  const save = useSaveMailTemplate();
  const reset = useResetMailTemplate();
  const [confirmReset, setConfirmReset] = useState(false);
  const form = useForm<MailTemplateInput>({
    resolver: zodResolver(mailTemplateInputSchema),
    defaultValues: { subject: template.subject, body: template.body },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(form, `“${template.name}”`);
  const subject = form.watch("subject");
  const body = form.watch("body");
  const preview = useMailPreview(template.kind, subject, body);
  const previewFields = preview.error instanceof ApiRequestError ? preview.error.fields : {};
  const fieldError = (name: FieldName) => errors[name]?.message ?? (preview.settled ? previewFields[name] : undefined);

  const inputs = useRef<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>({
    subject: null,
    body: null,
  });
  const lastFocused = useRef<FieldName>("body");
  const registered = (name: FieldName) => {
    const { ref, ...rest } = form.register(name);
    return {
      ...rest,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        ref(element);
        inputs.current[name] = element;
      },
      onFocus: () => {
        lastFocused.current = name;
      },
    };
  };

  /** Puts `{{name}}` where the cursor is in the field last used (a table always goes in the text, on its own). */
  function insert(name: string, block: boolean) {
    const target: FieldName = block ? "body" : lastFocused.current;
    const element = inputs.current[target];
    const current = form.getValues(target);
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const { value, cursor } = insertPlaceholder(current, start, end, name, block);
    form.setValue(target, value, { shouldDirty: true });
    form.clearErrors(target);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(cursor, cursor);
    });
  }

  async function submit(values: MailTemplateInput) {
    try {
      const saved = await save.mutateAsync({ kind: template.kind, input: values });
      form.reset({ subject: saved.subject, body: saved.body });
      toast.success(`“${template.name}” saved: the next e-mail uses these words.`);
    } catch (error) {
      const problem = showServerErrors(form.setError, error, fieldNames, labels, { setFocus: form.setFocus });
      toast.error(`Failed to save “${template.name}”: ${problemInWords(problem, labels)}`);
    }
  }

  async function resetToDefault() {
    try {
      const fresh = await reset.mutateAsync(template.kind);
      form.reset({ subject: fresh.subject, body: fresh.body });
      toast.success(`“${template.name}” is back to its default words.`);
    } catch (error) {
      toast.error(`Failed to reset “${template.name}”: ${errorMessage(error)}`);
    } finally {
      setConfirmReset(false);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form
        noValidate
        onSubmit={form.handleSubmit(submit)}
        aria-labelledby="template-words-title"
        className="rounded-2xl border border-line bg-white p-5 sm:p-6 lg:col-start-1"
      >
        <SectionTitle
          id="template-words-title"
          title="Subject and text"
          note={
            template.isDefault
              ? "Default words"
              : `Edited${template.updatedBy ? ` by ${template.updatedBy}` : ""}${
                  template.updatedAt ? ` on ${formatDate(template.updatedAt)}` : ""
                }`
          }
        />
        <div className="mt-5 grid gap-5">
          <TextField
            id="template-subject"
            label="Subject"
            hint={`One line, up to ${MAIL_SUBJECT_MAX} characters.`}
            autoComplete="off"
            spellCheck
            error={fieldError("subject")}
            {...registered("subject")}
          />
          <Field
            id="template-body"
            label="Text"
            hint="An empty line starts a new paragraph. [Label]({{orderUrl}}) alone in a paragraph is the button."
            error={fieldError("body")}
          >
            {(describedBy) => (
              <textarea
                id="template-body"
                rows={16}
                maxLength={MAIL_BODY_MAX}
                spellCheck
                aria-invalid={fieldError("body") ? true : undefined}
                aria-describedby={describedBy}
                className={`${inputClass} font-mono text-sm leading-relaxed`}
                {...registered("body")}
              />
            )}
          </Field>
          {errors.root?.message && <StatusMessage status={{ kind: "error", text: errors.root.message }} />}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            <Button
              variant="secondary"
              disabled={template.isDefault || reset.isPending}
              onClick={() => setConfirmReset(true)}
            >
              Reset to default
            </Button>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Link to={listPath} className={buttonClass({ variant: "secondary", size: "lg" })}>
                Back to the e-mails
              </Link>
              <Button type="submit" size="lg" disabled={isSubmitting || !isDirty}>
                {isSubmitting ? "Saving..." : "Save"}
              </Button>
            </div>
          </div>
        </div>
      </form>

      <aside
        aria-labelledby="template-placeholders-title"
        className="self-start rounded-2xl border border-line bg-white p-5 sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1"
      >
        <h2 id="template-placeholders-title" className="font-semibold text-lg">
          Placeholders
        </h2>
        <p className="mt-1 text-muted text-sm">
          Click one to put it where the cursor is. Each is filled in, escaped, for every e-mail.
        </p>
        <ul className="mt-4 space-y-2">
          {template.placeholders.map((placeholder) => (
            <li key={placeholder.name}>
              <button
                type="button"
                onClick={() => insert(placeholder.name, placeholder.block)}
                aria-label={`Insert {{${placeholder.name}}}: ${placeholder.description}`}
                className="w-full rounded-xl border border-line px-3 py-2 text-left hover:border-brand-600 hover:bg-brand-50"
              >
                <code className="font-mono font-semibold text-brand-900 text-sm">{`{{${placeholder.name}}}`}</code>
                <span className="mt-0.5 block text-muted text-xs">{placeholder.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </aside>

      <section
        aria-labelledby="template-preview-title"
        className="min-w-0 rounded-2xl border border-line bg-white p-5 sm:p-6 lg:col-start-1"
      >
        <SectionTitle
          id="template-preview-title"
          title="Preview"
          note={preview.isFetching || !preview.settled ? "Updating…" : "With sample data; nothing is sent."}
          live
        />
        {preview.error && preview.settled && (
          <StatusMessage
            className="mt-4"
            status={{ kind: "error", text: `The preview waits for a fix: ${errorMessage(preview.error)}` }}
          />
        )}
        {preview.data && (
          <div className="mt-4 overflow-hidden rounded-xl border border-line bg-stone-50">
            <p className="border-line border-b bg-white px-4 py-3 text-sm">
              <span className="text-muted">Subject: </span>
              <span data-testid="preview-subject" className="font-semibold">
                {preview.data.subject}
              </span>
            </p>
            <div
              data-testid="preview-text"
              className="whitespace-pre-wrap break-words px-4 py-4 text-sm leading-relaxed"
            >
              {preview.data.text}
            </div>
          </div>
        )}
      </section>

      <ConfirmDialog
        open={confirmReset}
        title={`Reset “${template.name}” to default?`}
        confirmLabel="Reset to default"
        busyLabel="Resetting..."
        busy={reset.isPending}
        destructive
        onConfirm={resetToDefault}
        onCancel={() => setConfirmReset(false)}
      >
        The shop's own subject and text for this e-mail are deleted, and the next one goes out with the default words.
      </ConfirmDialog>
    </div>
  );
}
