import { type ComponentProps, createElement, type ReactNode } from "react";
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";

interface Props {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

/** The ids of a control's hint and error, when it has them. */
function notesOf(id: string, hint: string | undefined, error: string | undefined) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

/** A label, the control, and what is wrong with it right beside it (read out with the control). */
export function Field({ id, label, error, hint, children }: Props) {
  const { hintId, errorId, describedBy } = notesOf(id, hint, error);
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-sm">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-muted text-xs">
          {hint}
        </p>
      )}
      <div className="mt-1.5">{children(describedBy)}</div>
      {error && (
        <p id={errorId} className="mt-1.5 font-medium text-red-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  "block w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-base aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

type FieldProps = Omit<Props, "children">;
/** What the field sets on its control itself. */
type Owned = keyof FieldProps | "className" | "aria-invalid" | "aria-describedby";

/**
 * A Field around one control (an input, a textarea or a select): the control gets the Field's id, its
 * hint and error as its description, aria-invalid while it is wrong, and the shop's look. Everything
 * else (register's props and ref, a select's options) goes onto the control as it is.
 */
function fieldAround<Tag extends "input" | "textarea" | "select">(tag: Tag) {
  return function ControlField({ id, label, error, hint, ...control }: FieldProps & Omit<ComponentProps<Tag>, Owned>) {
    return (
      <Field id={id} label={label} error={error} hint={hint}>
        {(describedBy) =>
          createElement(tag, {
            ...control,
            id,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy,
            className: inputClass,
          })
        }
      </Field>
    );
  };
}

/** A Field holding a plain input; `{...form.register("x")}` spreads onto it (the ref included). */
export const TextField = fieldAround("input");

/** A Field holding a textarea; register's props spread onto it like TextField's. */
export const TextAreaField = fieldAround("textarea");

/** A Field holding a select; the options are its children. */
export const SelectField = fieldAround("select");

/** A checkbox with its label beside it, and what is wrong with it below (read out with it). */
export function CheckboxField({ id, label, error, hint, ...input }: FieldProps & Omit<ComponentProps<"input">, Owned>) {
  const { hintId, errorId, describedBy } = notesOf(id, hint, error);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm">
          <span className="block font-medium">{label}</span>
          {hint && (
            <span id={hintId} className="block text-muted text-xs">
              {hint}
            </span>
          )}
        </label>
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 ml-8 font-medium text-red-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * What a TextField, TextAreaField, SelectField or CheckboxField takes from a react-hook-form form
 * for one of its fields: an id (`${prefix}-${name}` unless given), the field's error, its default
 * value (so a page the server renders shows it, before any script has run: what was typed into a
 * form its action refused), and register's props (the ref included).
 * `const field = fieldProps(form, "profile")`, then `<TextField label="…" {...field("firstName")} />`.
 * A form whose errors also come from its route's action passes those (useRefusalErrors).
 */
export function fieldProps<Values extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any context and output type of the form will do
  form: UseFormReturn<Values, any, any>,
  prefix: string,
  errors: FieldErrors<Values> = form.formState.errors,
) {
  return (name: Path<Values>, id = `${prefix}-${name}`) => ({
    id,
    error: (get(errors, name) as FieldError | undefined)?.message,
    ...initialValue(get(form.formState.defaultValues, name)),
    ...form.register(name),
  });
}

/**
 * Checkboxes that answer one question: a legend, the boxes in two columns from `sm`, and what is
 * wrong with the choice below them (read out with the group, after `hintId` when there is one).
 */
export function CheckboxGroup({
  id,
  legend,
  hideLegend = false,
  hintId,
  error,
  className,
  children,
}: {
  id: string;
  legend: string;
  /** For a group whose question stands in a heading above it already. */
  hideLegend?: boolean;
  hintId?: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className={className} aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}>
      <legend className={hideLegend ? "sr-only" : "font-medium text-sm"}>{legend}</legend>
      <div className={`grid gap-2 sm:grid-cols-2 ${hideLegend ? "" : "mt-2"}`}>{children}</div>
      {error && (
        <p id={errorId} className="mt-1.5 font-medium text-red-700 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A CheckboxGroup's boxes: one per [value, words] of `options`, all bound to one form field (`input`, what register gives). */
export function CheckboxChoices({
  idPrefix,
  options,
  input,
}: {
  idPrefix: string;
  options: readonly (readonly [string, string])[];
  input: UseFormRegisterReturn;
}) {
  return options.map(([value, words]) => (
    <CheckboxField key={value} id={`${idPrefix}-${value}`} label={words} value={value} {...input} />
  ));
}

/** A default value as the control's markup holds it: text and numbers as its value, a yes or no as a checkbox's state. */
function initialValue(value: unknown): { defaultValue?: string | number; defaultChecked?: boolean } {
  if (typeof value === "string" || typeof value === "number") return { defaultValue: value };
  if (typeof value === "boolean") return { defaultChecked: value };
  return {};
}
