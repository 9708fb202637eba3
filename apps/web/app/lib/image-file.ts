import { IMAGE_UPLOAD, megabytes } from "@shop/shared/constants";

/** The pictures staff may upload; the server decides again by the bytes, as a file's type is the sender's word. */
export const IMAGE_TYPES: readonly string[] = IMAGE_UPLOAD.types;
/** For a file input's `accept`. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);

/** The first bytes of a JPEG, PNG or WebP file: a file only named .png is not a picture. */
function isImageHead(head: Uint8Array): boolean {
  return (
    startsWith(head, [0xff, 0xd8, 0xff]) ||
    startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
  );
}

/**
 * Why a chosen file cannot be one of the shop's pictures (its type, its first bytes or its
 * size), in words for beside the picker; null when it can.
 */
export async function imageFileProblem(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (!IMAGE_TYPES.includes(file.type) || !isImageHead(head)) return `“${file.name}” is not a JPEG, PNG or WebP image.`;
  if (file.size > IMAGE_UPLOAD.maxBytes)
    return `“${file.name}” is too large: at most ${megabytes(IMAGE_UPLOAD.maxBytes)} MB.`;
  return null;
}
