import { zodResolver } from "@hookform/resolvers/zod";
import {
  DOCUMENT_MESSAGES,
  type DocumentFields,
  type DocumentFieldsInput,
  documentFieldsSchema,
  type ShopDocument,
} from "@shop/shared";
import { DOCUMENT_TYPES, DOCUMENT_UPLOAD, documentTypeLabels, megabytes } from "@shop/shared/constants";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Field, inputClass, SelectField, TextField } from "../../../components/form/field.tsx";
import { FileField, useFileChoice } from "../../../components/form/file-field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { useProductChoices, useUpdateDocument, useUploadDocument } from "../api/documents.ts";

type FieldName = keyof DocumentFieldsInput;
const FIELD_NAMES: FieldName[] = ["type", "title", "productId", "lotNumber", "issuedOn", "expiresOn", "notes"];
const LABELS = { title: "Title", notes: "Notes", productId: "Product" };

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {hint && <p className="mt-1 text-muted text-sm">{hint}</p>}
      <div className="mt-5 grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function valuesOf(document: ShopDocument | undefined): DocumentFieldsInput {
  return {
    type: document && document.type !== "coa" ? document.type : "license",
    title: document?.title ?? "",
    productId: document?.product?.id ?? "",
    lotNumber: document?.lotNumber ?? "",
    issuedOn: document?.issuedOn ?? "",
    expiresOn: document?.expiresOn ?? "",
    notes: document?.notes ?? "",
  };
}

interface Props {
  /** The document whose details are changed; none for Upload Document, which takes a file too. */
  document?: ShopDocument;
  cancelTo: string;
  onSaved: (document: ShopDocument) => void;
}

/** Upload Document, and a stored document's details: type, title, product and batch, dates and notes. */
export function DocumentForm({ document, cancelTo, onSaved }: Props) {
  const upload = useUploadDocument();
  const update = useUpdateDocument(document?.id ?? "");
  const [productQuery, setProductQuery] = useState("");
  const products = useProductChoices(productQuery);
  const { file, setError: setFileError, inputRef: fileRef, field: fileField } = useFileChoice();
  const form = useForm<DocumentFieldsInput, unknown, DocumentFields>({
    resolver: zodResolver(documentFieldsSchema),
    defaultValues: valuesOf(document),
  });
  const { errors, isSubmitting } = form.formState;
  const error = (name: FieldName) => errors[name]?.message;
  const current = document?.product;
  // The saved product stays a choice while the search shows others.
  const choices = [
    ...(current && !products.data?.items.some((product) => product.id === current.id) ? [current] : []),
    ...(products.data?.items ?? []),
  ];

  async function save(fields: DocumentFields) {
    if (!document && !file) {
      setFileError(DOCUMENT_MESSAGES.file);
      fileRef.current?.focus();
      return;
    }
    try {
      let saved: ShopDocument;
      if (document) {
        saved = await update.mutateAsync(fields);
        toast.success(`“${saved.title}” saved`);
      } else {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) {
          if (typeof value === "string" && value !== "") body.set(name, value);
        }
        body.set("file", file as File);
        saved = await upload.mutateAsync(body);
        toast.success(`“${saved.title}” uploaded`);
      }
      onSaved(saved);
    } catch (failure) {
      const problem = showServerErrors(form.setError, failure, FIELD_NAMES, LABELS, {
        files: { file: setFileError },
        setFocus: form.setFocus,
      });
      toast.error(`Failed to ${document ? "save" : "upload"} the document: ${problem.message}`);
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save, () => {
        if (!document && !file) setFileError(DOCUMENT_MESSAGES.file);
      })}
      className="grid gap-6"
    >
      <Section id="document-details" title="Document">
        <SelectField
          id="document-type"
          label="Type"
          hint="COAs are published under Lab Results."
          error={error("type")}
          {...form.register("type")}
        >
          {DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {documentTypeLabels[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          id="document-title"
          label="Title"
          hint="What it is, e.g. Texas retail tobacco license."
          autoComplete="off"
          error={error("title")}
          {...form.register("title")}
        />
        <TextField
          id="document-issued"
          label="Issued on"
          hint="The date printed on the document."
          type="date"
          error={error("issuedOn")}
          {...form.register("issuedOn")}
        />
        <TextField
          id="document-expires"
          label="Expires on (optional)"
          hint="Leave blank for a document that does not expire."
          type="date"
          error={error("expiresOn")}
          {...form.register("expiresOn")}
        />
      </Section>

      <Section
        id="document-about"
        title="Product and batch (optional)"
        hint="For a lab report or a certificate of one product or batch."
      >
        <TextField
          id="document-product-search"
          label="Find product"
          hint="Words of its name or its SKU."
          type="search"
          value={productQuery}
          onChange={(event) => setProductQuery(event.currentTarget.value)}
        />
        <SelectField
          id="document-product"
          label="Product"
          hint="Found products are listed here."
          error={error("productId")}
          {...form.register("productId")}
        >
          <option value="">No product</option>
          {choices.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name} ({product.sku})
            </option>
          ))}
        </SelectField>
        <TextField
          id="document-lot"
          label="Batch / lot number"
          hint="As printed on the package, e.g. HMH-VCS-2611A."
          autoComplete="off"
          error={error("lotNumber")}
          {...form.register("lotNumber")}
        />
      </Section>

      <section aria-labelledby="document-more" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h2 id="document-more" className="font-semibold text-lg">
          {document ? "Notes" : "File and notes"}
        </h2>
        <div className={`mt-5 grid gap-5 ${document ? "" : "lg:grid-cols-2"}`}>
          {!document && (
            <Field
              id="document-file"
              label="File"
              hint={`A PDF, or a JPEG, PNG or WebP picture of the paper, at most ${megabytes(DOCUMENT_UPLOAD.maxBytes)} MB.`}
            >
              {(describedBy) => (
                <FileField
                  id="document-file"
                  kind="document"
                  label="Choose the file"
                  {...fileField}
                  describedBy={describedBy}
                  removeLabel="Remove the file"
                />
              )}
            </Field>
          )}
          <Field id="document-notes" label="Notes (optional)" error={error("notes")}>
            {(describedBy) => (
              <textarea
                id="document-notes"
                rows={5}
                {...form.register("notes")}
                aria-invalid={errors.notes ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
            )}
          </Field>
        </div>
      </section>

      <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting}>
        {document ? (isSubmitting ? "Saving..." : "Save changes") : isSubmitting ? "Uploading..." : "Upload document"}
      </FormActions>
    </form>
  );
}
