import { megabytes, PDF_UPLOAD } from "@shop/shared/constants";

/** For a file input's `accept`: the type, and the name for systems that do not know it. */
export const PDF_ACCEPT = `${PDF_UPLOAD.types.join(",")},.pdf`;

/**
 * Why a chosen file cannot be a lab's report (its size or its first bytes), in words for beside
 * the picker; null when it can. The server reads the whole file (docs/decisions/021).
 */
export async function pdfFileProblem(file: File): Promise<string | null> {
  if (file.size > PDF_UPLOAD.maxBytes)
    return `“${file.name}” is too large: at most ${megabytes(PDF_UPLOAD.maxBytes)} MB.`;
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  if (String.fromCharCode(...head) !== "%PDF-") return `“${file.name}” is not a PDF.`;
  return null;
}
