import type { Readable } from "node:stream";

/** A stored file's bytes as a stream, with what an answer needs to send it. */
export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
  /** When it was written (an S3 store's Last-Modified, a file's mtime). */
  modifiedAt: Date;
}

/** One file found by `list`: its key, its size and when it was written. */
export interface ListedFile {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where the shop keeps its files: pictures and their renditions (uploads/), COA PDFs
 * (documents/) and private documents (private-documents/). A key is a folder and a name, as the
 * files lie under DATA_DIR today; in a bucket the same key is the object's key, so moving a
 * DATA_DIR into a bucket (npm run storage:migrate) changes no name (docs/decisions/061).
 */
export interface FileStorage {
  /** "disk" (DATA_DIR, the default) or "s3" (S3_* settings). */
  readonly kind: "disk" | "s3";
  /** Where it is, for log lines and the migrate script: a folder, or endpoint and bucket (no secrets). */
  readonly where: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The file's size, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a file that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Removes many files (in a bucket, 1,000 a request); files that are not there are no error. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder and "/"). */
  list(prefix: string): AsyncIterable<ListedFile>;
  /** Throws when the store cannot be reached (a readiness check: a cheap request). */
  check(): Promise<void>;
}

/** The store could not be reached or refused a request; the message names no secret. */
export class StorageError extends Error {
  override name = "StorageError";
}

/**
 * A key the shop writes: an optional folder of lower-case letters and dashes, then a name of
 * letters, digits, dots, dashes and underscores that does not start with a dot. Nothing else is
 * ever turned into a path or an object key.
 */
const KEY = /^(?:[a-z][a-z-]*\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 200) throw new StorageError(`Not a file key: ${key.slice(0, 80)}`);
  return key;
}

export function isKey(key: string): boolean {
  return KEY.test(key) && key.length <= 200;
}

/** The folders the shop keeps files in (each a key prefix). */
export const FILE_FOLDERS = ["uploads/", "documents/", "private-documents/"] as const;

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
