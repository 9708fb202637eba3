import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The documents' files in DATA_DIR/private-documents, each named by its document's id: outside
 * the web root and the public COA folder, so a file is only ever sent by the staff's download
 * route. A name that is not an id is never turned into a path.
 */
export function createDocumentFileStore(dir: string) {
  const fileOf = (id: string) => {
    if (!ID_PATTERN.test(id)) throw new Error(`Not a document id: ${id.slice(0, 80)}`);
    return path.join(dir, id);
  };
  return {
    async write(id: string, bytes: Buffer): Promise<void> {
      const file = fileOf(id);
      await mkdir(dir, { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },

    /** The file's bytes, or null when there is none. */
    async read(id: string): Promise<Buffer | null> {
      if (!ID_PATTERN.test(id)) return null;
      return readFile(fileOf(id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
    },

    async remove(id: string): Promise<void> {
      if (ID_PATTERN.test(id)) await rm(fileOf(id), { force: true });
    },
  };
}

export type DocumentFileStore = ReturnType<typeof createDocumentFileStore>;

export function privateDocumentsDir(dataDir: string): string {
  return path.join(dataDir, "private-documents");
}
