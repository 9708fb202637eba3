import path from "node:path";
import type { FileStorage } from "../../lib/storage/file-storage.ts";

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The folder (key prefix) of the documents' files in the shop's file storage. */
export const DOCUMENT_FOLDER = "private-documents/";

/**
 * The documents' files under private-documents/ (DATA_DIR/private-documents on disk), each named
 * by its document's id: outside the web root and the public COA folder, so a file is only ever
 * sent by the staff's download route. A name that is not an id is never turned into a key.
 */
export function createDocumentFileStore(storage: FileStorage) {
  const keyOf = (id: string) => {
    if (!ID_PATTERN.test(id)) throw new Error(`Not a document id: ${id.slice(0, 80)}`);
    return `${DOCUMENT_FOLDER}${id}`;
  };
  return {
    async write(id: string, bytes: Buffer): Promise<void> {
      await storage.put(keyOf(id), bytes, "application/octet-stream");
    },

    /** The file's bytes, or null when there is none. */
    async read(id: string): Promise<Buffer | null> {
      if (!ID_PATTERN.test(id)) return null;
      return storage.read(keyOf(id));
    },

    async remove(id: string): Promise<void> {
      if (ID_PATTERN.test(id)) await storage.delete(keyOf(id));
    },
  };
}

export type DocumentFileStore = ReturnType<typeof createDocumentFileStore>;

export function privateDocumentsDir(dataDir: string): string {
  return path.join(dataDir, "private-documents");
}
