/**
 * What a staff member may upload, written once: the server enforces it and the
 * dashboard forms check a chosen file against it before sending. Plain values, no zod.
 */

const MB = 1024 * 1024;

/** A picture (product, category, banner): its bytes, its pixels and its longest side. */
export const IMAGE_UPLOAD = {
  maxBytes: 10 * MB,
  maxPixels: 40_000_000,
  maxSide: 12_000,
  /** The types a file picker offers; the server decides by the first bytes again. */
  types: ["image/jpeg", "image/png", "image/webp"],
} as const;

/** A lab's report (COA): one PDF. */
export const PDF_UPLOAD = {
  maxBytes: 10 * MB,
  types: ["application/pdf"],
} as const;

/** A file for the shop's own records (a license, a lab report): a PDF or a picture of it. */
export const DOCUMENT_UPLOAD = {
  maxBytes: 10 * MB,
  types: ["application/pdf", "image/jpeg", "image/png", "image/webp"],
} as const;

/** The largest file any upload route accepts, in bytes (the multipart parser's limit). */
export const UPLOAD_MAX_BYTES = Math.max(IMAGE_UPLOAD.maxBytes, PDF_UPLOAD.maxBytes, DOCUMENT_UPLOAD.maxBytes);

/** A byte count as whole megabytes, for messages ("at most 10 MB"). */
export const megabytes = (bytes: number): number => bytes / MB;
