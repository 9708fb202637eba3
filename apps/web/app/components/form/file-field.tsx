import { FileSpreadsheet, FileText, ImagePlus, X } from "lucide-react";
import { type ReactNode, type Ref, useRef, useState } from "react";
import { useObjectUrl } from "../../hooks/use-object-url.ts";
import { CSV_ACCEPT, csvFileProblem } from "../../lib/csv-file.ts";
import { DOCUMENT_ACCEPT, documentFileProblem } from "../../lib/document-file.ts";
import { IMAGE_ACCEPT, imageFileProblem } from "../../lib/image-file.ts";
import { PDF_ACCEPT, pdfFileProblem } from "../../lib/pdf-file.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "./field.tsx";
import { FileDrop } from "./file-drop.tsx";

/** What a field takes, checked against the upload limits in @shop/shared/constants. */
const kinds = {
  image: { accept: IMAGE_ACCEPT, check: imageFileProblem, icon: ImagePlus },
  pdf: { accept: PDF_ACCEPT, check: pdfFileProblem, icon: FileText },
  /** A PDF or a picture of a paper (a license, a certificate), shown by its name and size. */
  document: { accept: DOCUMENT_ACCEPT, check: documentFileProblem, icon: FileText },
  /** A spreadsheet saved as CSV (an import), shown by its name and size. */
  csv: { accept: CSV_ACCEPT, check: csvFileProblem, icon: FileSpreadsheet },
};

export type FileKind = keyof typeof kinds;

/** Why a chosen file cannot be sent (its type, first bytes or size); null when it can. */
export function fileProblem(file: File, kind: FileKind): Promise<string | null> {
  return kinds[kind].check(file);
}

/** "2.4 MB", "120 KB": a chosen report's size beside its name. */
export function fileSizeInWords(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface Preview {
  /** wide: a banner-shaped picture above the picker; square: a thumbnail beside it. */
  look: "wide" | "square";
  /** The chosen picture's alternative text. */
  alt: string;
  /** What the empty frame says. */
  empty: string;
  /** The whole picture inside the frame (a logo), rather than the frame filled and cropped. */
  whole?: boolean;
}

interface Props {
  id: string;
  /** The picker's words ("Choose a picture"): they name the file input. */
  label: string;
  kind: FileKind;
  /** The chosen file (already checked); null when none is. */
  file: File | null;
  /** A chosen file that passed the checks, or null when it is removed. */
  onChange: (file: File | null) => void;
  /** What is wrong with the field (a refused file, a missing one, the server's word). */
  error?: string | null | undefined;
  /** A refused file's problem, or null once a good file is chosen or the file is removed. */
  onError: (problem: string | null) => void;
  /** Ids of the hints that describe the input. */
  describedBy?: string | undefined;
  /** The file input, for focus (react-hook-form's field ref or the form's own). */
  inputRef?: Ref<HTMLInputElement>;
  /** Pictures: the preview's shape and words. */
  preview?: Preview;
  /** The picture saved before, shown while no file is chosen. */
  current?: { src: string; alt: string } | null | undefined;
  /** The remove button's words; it shows while a file is chosen (or `current` can be removed). */
  removeLabel?: string;
  /** Removes the saved picture too; without it only a chosen file can be removed. */
  onRemoveCurrent?: () => void;
}

/**
 * A form's file field state: the chosen file, what is wrong with it, and its input (to focus or
 * clear). `field` goes to FileField as it is.
 */
export function useFileChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  return { file, setFile, setError, inputRef, field: { file, onChange: setFile, error, onError: setError, inputRef } };
}

/**
 * The dashboard's file field: a picker (click, keyboard or drop) whose file is checked for type,
 * first bytes and size before it is taken, a preview (the picture, or a PDF's name and size), a
 * remove button, and what is wrong right beside it. The file itself is state the form keeps
 * (useState or react-hook-form's Controller: `file`/`onChange`/`inputRef`).
 */
export function FileField({
  id,
  label,
  kind,
  file,
  onChange,
  error,
  onError,
  describedBy,
  inputRef,
  preview,
  current,
  removeLabel = "Remove",
  onRemoveCurrent,
}: Props) {
  const input = useRef<HTMLInputElement | null>(null);
  const url = useObjectUrl(kind === "image" ? file : null);
  const errorId = `${id}-error`;
  const shown = url ? { src: url, alt: preview?.alt ?? "" } : (current ?? null);
  const removable = file !== null || (current != null && onRemoveCurrent !== undefined);

  const setInput = (element: HTMLInputElement | null) => {
    input.current = element;
    if (typeof inputRef === "function") inputRef(element);
    else if (inputRef) inputRef.current = element;
  };
  const clearInput = () => {
    if (input.current) input.current.value = "";
  };

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const problem = await fileProblem(chosen, kind);
    onError(problem);
    if (!problem) onChange(chosen);
    else {
      // The picker is empty again, so no earlier choice stays behind it.
      clearInput();
      if (file) onChange(null);
    }
  }

  function remove() {
    if (file) onChange(null);
    else onRemoveCurrent?.();
    onError(null);
    clearInput();
    input.current?.focus();
  }

  const frame = preview && (
    <div
      className={`shrink-0 overflow-hidden rounded-xl border border-line bg-gray-50 ${preview.look === "wide" ? "aspect-[8/3] w-full" : "size-24"}`}
    >
      {shown ? (
        <img
          src={shown.src}
          alt={shown.alt}
          className={`size-full ${preview.whole ? "object-contain p-2" : "object-cover"}`}
        />
      ) : (
        <div
          className={`flex size-full flex-col items-center justify-center px-2 text-center text-muted ${preview.look === "wide" ? "gap-2 text-sm" : "gap-1 text-xs"}`}
        >
          <ImagePlus aria-hidden="true" className={preview.look === "wide" ? "size-8" : "size-6"} />
          {preview.empty}
        </div>
      )}
    </div>
  );
  let chosenLine: ReactNode = null;
  if (file) {
    chosenLine = (
      <p className="mt-2 flex items-center gap-1.5 break-all text-muted text-xs">
        {kind !== "image" && <FileText aria-hidden="true" className="size-4 shrink-0 text-brand-700" />}
        {kind !== "image" ? `${file.name} · ${fileSizeInWords(file.size)}` : file.name}
      </p>
    );
  }

  return (
    <div className={preview?.look === "square" ? "flex items-start gap-4" : "flex flex-col gap-4"}>
      {frame}
      <div className="w-full min-w-0 flex-1">
        <FileDrop
          id={id}
          label={label}
          accept={kinds[kind].accept}
          icon={kinds[kind].icon}
          invalid={Boolean(error)}
          describedBy={[describedBy, error ? errorId : ""].filter(Boolean).join(" ") || undefined}
          inputRef={setInput}
          onFiles={(files) => void choose(files?.[0])}
        />
        {chosenLine}
        {error && (
          <p id={errorId} role="alert" className="mt-1.5 font-medium text-red-700 text-sm">
            {error}
          </p>
        )}
        {removable && (
          <Button variant="secondary" size="sm" onClick={remove} className="mt-3">
            <X aria-hidden="true" className="size-4" />
            {removeLabel}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * A FileField under a label and hint of its own, as a TextField stands under its label (a COA's PDF,
 * a document's file); the picker's own words are `pickerLabel`.
 */
export function LabelledFileField({
  label,
  hint,
  pickerLabel,
  ...picker
}: Omit<Props, "label" | "describedBy"> & { label: string; hint: string; pickerLabel: string }) {
  return (
    <Field id={picker.id} label={label} hint={hint}>
      {(describedBy) => <FileField {...picker} label={pickerLabel} describedBy={describedBy} />}
    </Field>
  );
}
