import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { PDF_UPLOAD } from "@shop/shared/constants";
import { Invalid, TooLarge } from "@shop/shared/errors";
import { findPdfProblem, pdfProblemMessage } from "./pdf-check.ts";

/** A lab's report may be at most 10 MB (security.md 25: size limits on every upload). */
export const PDF_MAX_BYTES = PDF_UPLOAD.maxBytes;

const KEY_PATTERN = /^[a-f0-9]{64}$/;

/**
 * COA PDFs on disk in DATA_DIR/documents, each named by the SHA-256 of its bytes: storing the
 * same report twice keeps one file, and a name can never point outside the folder.
 */
export function createPdfStore(dir: string) {
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
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${key}.pdf`);
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, input);
      await rename(partial, file);
      return { key, bytes: input.length };
    },

    /** The PDF's bytes, or null when there is no such file. */
    async read(key: string): Promise<Buffer | null> {
      if (!KEY_PATTERN.test(key)) return null;
      return readFile(path.join(dir, `${key}.pdf`)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
    },
  };
}

export type PdfStore = ReturnType<typeof createPdfStore>;

export function documentsDir(dataDir: string): string {
  return path.join(dataDir, "documents");
}
