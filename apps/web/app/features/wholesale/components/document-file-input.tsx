import { Field } from "../../../components/form/field.tsx";

const fileInput =
  "block w-full rounded-xl border border-line bg-white text-sm file:mr-3 file:rounded-l-xl file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:font-medium file:text-brand-900 aria-invalid:border-red-600";

/**
 * A licence's or certificate's file in a plain multipart form (it works before any script runs):
 * PDF or a picture, checked by the server by its bytes; its problem below it.
 */
export function DocumentFileInput({
  id,
  name,
  label,
  error,
  required = true,
}: {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <Field id={id} label={label} error={error} hint="PDF, JPEG, PNG or WebP, at most 10 MB">
      {(describedBy) => (
        <input
          id={id}
          name={name}
          type="file"
          required={required}
          accept="application/pdf,image/jpeg,image/png,image/webp"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={fileInput}
        />
      )}
    </Field>
  );
}
