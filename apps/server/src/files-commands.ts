import { parseArgs } from "node:util";
import { formatCount } from "@shop/shared/rules";
import { loadConfig } from "./config/config.ts";
import { openDatabase } from "./db/database.ts";
import { createFileReferences } from "./file-references.ts";
import { createFileStorage } from "./lib/storage/create-storage.ts";
import { createDiskStorage } from "./lib/storage/disk-storage.ts";
import { FILE_FOLDERS, type FileStorage, readAll } from "./lib/storage/file-storage.ts";
import { createFileCleanup } from "./modules/files/service.ts";
import { createImageRepository } from "./modules/images/repository.ts";

/** Where a command's words go: the terminal from files-cli.ts, a list in the tests. */
export interface FilesOutput {
  line(text: string): void;
}

const mb = (bytes: number) => `${formatCount(bytes)} bytes, ${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * npm run files:cleanup [-- --dry-run] [--grace-hours N] | npm run storage:migrate. `args` are the
 * words after the script's name; `env` is read as the shop reads it. Throws an Error whose message
 * is what the person running it needs to read.
 */
export async function runFilesCommand(args: string[], env: NodeJS.ProcessEnv, output: FilesOutput): Promise<void> {
  const [command = "", ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: { "dry-run": { type: "boolean", default: false }, "grace-hours": { type: "string" } },
  });
  const config = loadConfig(env);
  if (command === "migrate") {
    if (!config.s3) {
      throw new Error(
        "storage:migrate copies DATA_DIR into a bucket: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY first.",
      );
    }
    await copyIntoBucket(createDiskStorage(config.dataDir), createFileStorage(config), output);
    return;
  }
  if (command !== "cleanup") throw new Error(`Unknown command '${command}': cleanup or migrate.`);
  let graceMs: number | undefined;
  if (values["grace-hours"] !== undefined) {
    const hours = Number(values["grace-hours"]);
    if (!Number.isFinite(hours) || hours < 1) {
      throw new Error(`--grace-hours must be a number of hours, at least 1 (was '${values["grace-hours"]}').`);
    }
    graceMs = hours * 60 * 60 * 1000;
  }
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const storage = createFileStorage(config);
    const images = createImageRepository(db.kysely);
    const cleanup = createFileCleanup({
      storage,
      references: createFileReferences(db.kysely),
      forgetImages: (keys) => images.forget(keys),
    });
    const dryRun = values["dry-run"] ?? false;
    const report = await cleanup.cleanup({ dryRun, graceMs });
    for (const file of report.removed)
      output.line(`${dryRun ? "would remove" : "removed"} ${file.key} (${file.size} bytes)`);
    for (const key of report.unknown) output.line(`left alone (not a name the shop writes): ${key}`);
    output.line(
      `${storage.where}: ${report.files} files; ${dryRun ? "would remove" : "removed"} ${report.removed.length} that nothing uses (${mb(report.removedBytes)}); kept ${report.young} unused but younger than the grace period.`,
    );
    if (dryRun) output.line("Nothing was removed (dry run). Run without --dry-run to remove them.");
  } finally {
    await db.close();
  }
}

/**
 * Copies every file of DATA_DIR's folders into the bucket under the same key. A key already there
 * with the same size is skipped, so a second run copies nothing; each copy's size is checked.
 * The local files stay.
 */
export async function copyIntoBucket(from: FileStorage, to: FileStorage, output: FilesOutput): Promise<void> {
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  for (const folder of FILE_FOLDERS) {
    for await (const file of from.list(folder)) {
      if (/\.partial$/.test(file.key)) continue;
      if ((await to.sizeOf(file.key)) === file.size) {
        skipped++;
        continue;
      }
      const source = await from.get(file.key);
      if (!source) continue;
      const body = await readAll(source.body);
      await to.put(file.key, body, source.contentType);
      const size = await to.sizeOf(file.key);
      if (size !== body.length) {
        throw new Error(`${file.key}: the bucket holds ${size ?? "nothing"} bytes after the copy, not ${body.length}.`);
      }
      copied++;
      bytes += body.length;
    }
  }
  output.line(
    `Copied ${copied} files (${mb(bytes)}) from ${from.where} into ${to.where}; ${skipped} were there already. The local files are left in place.`,
  );
  output.line(
    "Next: keep the S3_* settings in the shop's environment and restart every instance; once the shop serves its pictures and PDFs from the bucket, DATA_DIR's uploads, documents and private-documents folders may be archived.",
  );
}
