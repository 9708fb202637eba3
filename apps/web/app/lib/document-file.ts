import { DOCUMENT_UPLOAD, megabytes } from "@shop/shared/constants";

/** For a file input's `accept`: the types, and the names for systems that do not know them. */
export const DOCUMENT_ACCEPT = `${DOCUMENT_UPLOAD.types.join(",")},.pdf,.jpg,.jpeg,.png,.webp`;

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);

/** The first bytes of a PDF, JPEG, PNG or WebP file: a file only named .pdf is not a document. */
function isDocumentHead(head: Uint8Array): boolean {
  return (
    String.fromCharCode(...head.subarray(0, 5)) === "%PDF-" ||
    startsWith(head, [0xff, 0xd8, 0xff]) ||
    startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
  );
}

/**
 * Why a chosen file cannot be one of the shop's documents (its size or its first bytes), in words
 * for beside the picker; null when it can. The server reads the whole file again.
 */
export async function documentFileProblem(file: File): Promise<string | null> {
  if (file.size > DOCUMENT_UPLOAD.maxBytes) {
    return `“${file.name}” is too large: at most ${megabytes(DOCUMENT_UPLOAD.maxBytes)} MB.`;
  }
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (!isDocumentHead(head)) return `“${file.name}” is not a PDF, JPEG, PNG or WebP file.`;
  return null;
}
