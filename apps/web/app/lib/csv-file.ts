import { megabytes, PRODUCT_IMPORT_MAX_BYTES } from "@shop/shared/constants";

/** For a file input's `accept`: the type, and the name for systems that do not know it. */
export const CSV_ACCEPT = "text/csv,.csv";

/**
 * Why a chosen file cannot be a product CSV (its size, or bytes no text file has), in words for
 * beside the picker; null when it can. The server reads and checks every row.
 */
export async function csvFileProblem(file: File): Promise<string | null> {
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > PRODUCT_IMPORT_MAX_BYTES) {
    return `“${file.name}” is too large: at most ${megabytes(PRODUCT_IMPORT_MAX_BYTES)} MB.`;
  }
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  if (head.includes(0)) return `“${file.name}” is not a CSV file: save it from your spreadsheet as CSV (UTF-8).`;
  return null;
}
