import type { Config } from "../../config/config.ts";
import { createDiskStorage } from "./disk-storage.ts";
import type { FileStorage } from "./file-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

/** The bucket when the S3_* settings are given, DATA_DIR otherwise (chosen once, at start-up). */
export function createFileStorage(config: Pick<Config, "dataDir" | "s3">): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dataDir);
}

/**
 * The readiness check of a bucket (docs/decisions/062): a HEAD on the bucket. The log gets what went
 * wrong (endpoint and status, never a credential); the probe's answer only says it in words.
 */
export function storageReadiness(
  storage: FileStorage,
  log: { warn(details: object, message: string): void },
): { name: string; check(): Promise<void> } {
  return {
    name: "storage",
    async check() {
      try {
        await storage.check();
      } catch (error) {
        log.warn({ err: error }, "the file store failed its readiness check");
        throw new Error("The file store does not answer.");
      }
    },
  };
}
