import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkKey, type FileStorage, isKey, type ListedFile } from "./file-storage.ts";

const TYPES: Record<string, string> = { ".webp": "image/webp", ".pdf": "application/pdf" };

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Files on local disk under `root` (DATA_DIR), laid out as they always were: the key's folder is
 * a folder, its name the file's name. Written under a temporary name and renamed, so a reader
 * never sees half a file.
 */
export function createDiskStorage(root: string): FileStorage & { readonly root: string } {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    kind: "disk",
    root,
    where: root,

    async put(key, bytes) {
      const file = fileOf(key);
      // Owner only, as everything in DATA_DIR (lib/private-files.ts): documents are private; the
      // public pictures are served by the shop itself.
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // A name of its own per write: two uploads of the same bytes (a content-addressed key) at
      // once would otherwise share one temporary file, and the second rename would find it gone.
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
    },

    async get(key) {
      if (!isKey(key)) return null;
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file),
          size: info.size,
          contentType: TYPES[path.extname(file)] ?? "application/octet-stream",
          modifiedAt: info.mtime,
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    async read(key) {
      if (!isKey(key)) return null;
      return readFile(fileOf(key)).catch((error) => {
        if (missing(error)) return null;
        throw error;
      });
    },

    async sizeOf(key) {
      if (!isKey(key)) return null;
      return stat(fileOf(key)).then(
        (info) => (info.isFile() ? info.size : null),
        (error) => {
          if (missing(error)) return null;
          throw error;
        },
      );
    },

    async exists(key) {
      return (await this.sizeOf(key)) !== null;
    },

    async delete(key) {
      if (isKey(key)) await rm(fileOf(key), { force: true });
    },

    async deleteMany(keys) {
      for (const key of keys) await this.delete(key);
    },

    async *list(prefix): AsyncIterable<ListedFile> {
      const folder = prefix.endsWith("/") ? prefix : `${prefix}/`;
      let names: string[];
      try {
        names = await readdir(path.join(root, folder));
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const name of names.sort()) {
        const key = `${folder}${name}`;
        if (!isKey(key)) continue;
        const info = await stat(path.join(root, key)).catch(() => null);
        if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    },

    async check() {
      await mkdir(root, { recursive: true });
    },
  };
}
