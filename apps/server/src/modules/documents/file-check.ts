import { DOCUMENT_UPLOAD, megabytes } from "@shop/shared/constants";
import { Invalid, isDomainError, TooLarge } from "@shop/shared/errors";
import sharp from "sharp";
import { findPdfProblem, type PdfProblem } from "../coas/pdf-check.ts";
import { checkImage, type ImageFormat } from "../images/service.ts";

export type DocumentContentType = (typeof DOCUMENT_UPLOAD.types)[number];

/** What the person who uploaded the file is told about a PDF that is refused. */
function pdfMessage(problem: PdfProblem): string {
  if (problem.kind === "not-pdf") return "The file is not a PDF.";
  if (problem.kind === "encrypted") {
    return "This PDF is encrypted or password-protected. Please upload a copy without protection.";
  }
  if (problem.kind === "active") {
    return `This PDF contains ${problem.what}, which a document kept by the shop must not. Please upload it without.`;
  }
  return "This file is not a complete, readable PDF. Please upload the document as it was issued.";
}

const refused = (message: string) => new Invalid(message, { fields: { file: message } });

const imageTypes: Record<ImageFormat, DocumentContentType> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

/**
 * An uploaded document, decided by its bytes (never its name or Content-Type, which the sender chooses): a
 * PDF read whole as the COAs' are (no scripts, attachments or encryption), or a JPEG, PNG or WebP
 * picture checked as the shop's pictures are and re-encoded in its own format (metadata stripped,
 * turned upright, quality high enough to read a scan). Refusals name the form's `file` field.
 */
export async function checkDocumentFile(input: Buffer): Promise<{ contentType: DocumentContentType; bytes: Buffer }> {
  if (input.length === 0) throw refused("The file is empty.");
  if (input.length > DOCUMENT_UPLOAD.maxBytes) {
    const message = `The file is too large: at most ${megabytes(DOCUMENT_UPLOAD.maxBytes)} MB.`;
    throw new TooLarge(message, { fields: { file: message } });
  }
  if (input.subarray(0, 5).toString("latin1") === "%PDF-") {
    const problem = findPdfProblem(input);
    if (problem) throw refused(pdfMessage(problem));
    return { contentType: "application/pdf", bytes: input };
  }
  let format: ImageFormat;
  try {
    format = await checkImage(input);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const message =
      error.message === "This file is not a JPEG, PNG or WebP image."
        ? "This file is not a PDF, JPEG, PNG or WebP file."
        : error.message;
    throw refused(message);
  }
  const image = sharp(input, { limitInputPixels: false }).rotate();
  const bytes = await (format === "jpeg"
    ? image.jpeg({ quality: 90 })
    : format === "png"
      ? image.png()
      : image.webp({ quality: 90 })
  ).toBuffer();
  return { contentType: imageTypes[format], bytes };
}
