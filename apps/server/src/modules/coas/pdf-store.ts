import { createHash } from "node:crypto";
import path from "node:path";
import { PDF_UPLOAD } from "@shop/shared/constants";
import { Invalid, TooLarge } from "@shop/shared/errors";
import { createDiskStorage } from "../../lib/storage/disk-storage.ts";
import type { FileStorage } from "../../lib/storage/file-storage.ts";
import { findPdfProblem, pdfProblemMessage } from "./pdf-check.ts";

/** A lab's report may be at most 10 MB: every upload has a size limit, so none can fill the disk. */
export const PDF_MAX_BYTES = PDF_UPLOAD.maxBytes;

const KEY_PATTERN = /^[a-f0-9]{64}$/;

/** The folder (key prefix) of the COA PDFs in the shop's file storage. */
export const PDF_FOLDER = "documents/";

/** A COA PDF's file key, from the SHA-256 of its bytes (coas.pdf_key). */
export const pdfFileKey = (key: string) => `${PDF_FOLDER}${key}.pdf`;

/**
 * COA PDFs in the shop's file storage under documents/ (DATA_DIR/documents on disk), each named
 * by the SHA-256 of its bytes: storing the same report twice keeps one file, and a name can never
 * point outside the folder. Given a folder instead, the PDFs lie in that folder.
 */
export function createPdfStore(where: FileStorage | string) {
  const storage = typeof where === "string" ? createDiskStorage(where) : where;
  const fileKey = typeof where === "string" ? (key: string) => `${key}.pdf` : pdfFileKey;
  return {
    /**
     * Keeps a report that is a well-formed PDF without scripts or attached files (pdf-check.ts),
     * never judged by its name or Content-Type; a refusal names the form's `pdf` field.
     */
    async store(input: Buffer): Promise<{ key: string; bytes: number }> {
      if (input.length > PDF_MAX_BYTES) {
        throw new TooLarge(`The PDF is too large: at most ${PDF_MAX_BYTES / 1024 / 1024} MB.`);
      }
      const problem = findPdfProblem(input);
      if (problem) {
        const message = pdfProblemMessage(problem);
        throw new Invalid(message, { fields: { pdf: message } });
      }
      const key = createHash("sha256").update(input).digest("hex");
      await storage.put(fileKey(key), input, "application/pdf");
      return { key, bytes: input.length };
    },

    /** The PDF's bytes, or null when there is no such file. */
    async read(key: string): Promise<Buffer | null> {
      if (!KEY_PATTERN.test(key)) return null;
      return storage.read(fileKey(key));
    },
  };
}

export type PdfStore = ReturnType<typeof createPdfStore>;

export function documentsDir(dataDir: string): string {
  return path.join(dataDir, "documents");
}
