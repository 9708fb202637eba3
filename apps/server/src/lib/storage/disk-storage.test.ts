import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDiskStorage } from "./disk-storage.ts";

describe("files on disk", () => {
  it("the same key written several times at once is written whole, with no temporary file left", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "shop-disk-"));
    try {
      const storage = createDiskStorage(root);
      const bytes = Buffer.alloc(256 * 1024, 7);
      // A COA's PDF is kept under the hash of its bytes: two staff uploading one file write one key.
      await Promise.all(Array.from({ length: 8 }, () => storage.put("documents/same.pdf", bytes, "application/pdf")));
      expect(await storage.read("documents/same.pdf")).toEqual(bytes);
      expect(await readdir(path.join(root, "documents"))).toEqual(["same.pdf"]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
