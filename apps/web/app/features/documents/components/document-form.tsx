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
import { fieldProps, SelectField, TextAreaField, TextField } from "../../../components/form/field.tsx";
import { LabelledFileField, useFileChoice } from "../../../components/form/file-field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { FormSection } from "../../../components/form/form-section.tsx";
import { ProductChoice } from "../../../components/form/product-choice.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { useProductChoices, useUpdateDocument, useUploadDocument } from "../api/documents.ts";

type FieldName = keyof DocumentFieldsInput;
const FIELD_NAMES: FieldName[] = ["type", "title", "productId", "lotNumber", "issuedOn", "expiresOn", "notes"];
const LABELS = { title: "Title", notes: "Notes", productId: "Product" };

/** The form's sections: two fields a row. */
function Section(props: { id: string; title: string; hint?: string; children: ReactNode }) {
  return <FormSection columns="sm:grid-cols-2" {...props} />;
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
  useUnsavedChanges(form, document ? "this document" : "the new document", file !== null);
  const field = fieldProps(form, "document");
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
        <SelectField label="Type" hint="COAs are published under Lab Results." {...field("type")}>
          {DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {documentTypeLabels[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Title"
          hint="What it is, e.g. Texas retail tobacco license."
          autoComplete="off"
          {...field("title")}
        />
        <TextField
          label="Issued on"
          hint="The date printed on the document."
          type="date"
          {...field("issuedOn", "document-issued")}
        />
        <TextField
          label="Expires on (optional)"
          hint="Leave blank for a document that does not expire."
          type="date"
          {...field("expiresOn", "document-expires")}
        />
      </Section>

      <Section
        id="document-about"
        title="Product and batch (optional)"
        hint="For a lab report or a certificate of one product or batch."
      >
        <ProductChoice
          hint="Found products are listed here."
          query={productQuery}
          onQuery={setProductQuery}
          products={choices}
          none="No product"
          {...field("productId", "document-product")}
        />
        <TextField
          label="Batch / lot number"
          hint="As printed on the package, e.g. HMH-VCS-2611A."
          autoComplete="off"
          {...field("lotNumber", "document-lot")}
        />
      </Section>

      <FormSection
        id="document-more"
        title={document ? "Notes" : "File and notes"}
        columns={document ? "" : "lg:grid-cols-2"}
      >
        {!document && (
          <LabelledFileField
            id="document-file"
            label="File"
            hint={`A PDF, or a JPEG, PNG or WebP picture of the paper, at most ${megabytes(DOCUMENT_UPLOAD.maxBytes)} MB.`}
            kind="document"
            pickerLabel="Choose the file"
            {...fileField}
            removeLabel="Remove the file"
          />
        )}
        <TextAreaField label="Notes (optional)" rows={5} {...field("notes")} />
      </FormSection>

      <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting}>
        {document ? (isSubmitting ? "Saving..." : "Save changes") : isSubmitting ? "Uploading..." : "Upload document"}
      </FormActions>
    </form>
  );
}
