import { parseArgs } from "node:util";
import { type Config, loadConfig } from "../config/config.ts";
import type { Logger } from "../modules/mail/service.ts";
import { createServices } from "../services.ts";
import { type Db, openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { seedBulkProducts } from "./seed/bulk.ts";
import { seedDemo } from "./seed/seed.ts";

/** Where a command's words go: the terminal from cli.ts, a list in the tests. */
export interface CommandOutput {
  /** One line of the answer (standard output). */
  line(text: string): void;
  /** Progress, rewritten in place (standard output without a new line). */
  progress(text: string): void;
  /** The services' own log lines (the demo's mail, for instance). */
  log: Logger;
}

/**
 * npm run db:migrate | npm run db:seed [-- --products N]
 * | npm run db:backup [-- --to FOLDER] [--files-only] | npm run db:restore -- --from FOLDER (or an
 * older version's backup FILE). `args` are the words after the script's name; `env` is read
 * as the shop reads it. Throws an Error whose message is what the person running it needs to read.
 */
export async function runDbCommand(args: string[], env: NodeJS.ProcessEnv, output: CommandOutput): Promise<void> {
  const [command = "", ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      products: { type: "string" },
      to: { type: "string" },
      from: { type: "string" },
      "files-only": { type: "boolean", default: false },
    },
  });
  const config = loadConfig(env);
  if (command === "restore" && values.from) {
    const { isBackupFolder, restoreBackupFolder } = await import("./backup-set.ts");
    if (isBackupFolder(values.from)) {
      output.line(await restoreBackupFolder(values.from, config));
      return;
    }
  }
  if (command === "restore") {
    // Not through openDatabase: that would create and migrate the very file being replaced.
    const { restoreDatabase } = await import("./restore.ts");
    const target = await restoreDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      from: values.from,
    });
    output.line(`Restored ${values.from} to ${target}. The shop brings its schema up to date when it starts.`);
    return;
  }
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runOnDatabase(command, db, config, values, output);
  } finally {
    await db.close();
  }
}

async function runOnDatabase(
  command: string,
  db: Db,
  config: Config,
  values: { products?: string; to?: string; "files-only"?: boolean },
  output: CommandOutput,
): Promise<void> {
  const applied = await migrateToLatest(db);
  if (command === "migrate") {
    output.line(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  } else if (command === "seed") {
    const services = createServices(db, config, output.log);
    const demo = await seedDemo(db, services);
    output.line(
      `Demo shop: ${demo.categories} categories, ${demo.products} products, ${demo.banners} banners, ${demo.posts} blog posts, ${demo.coas} batches with lab results added.`,
    );
    if (values.products) {
      const count = Number(values.products);
      if (!Number.isInteger(count) || count < 1) throw new Error("--products takes a whole number of 1 or more");
      const started = Date.now();
      await seedBulkProducts(db, count, (done) => output.progress(`\r${done} / ${count} products`));
      // Written behind the catalogue's back: which are sold nowhere is decided now (decision 080).
      await services.catalog.decideSoldNowhere();
      output.line(`\nAdded ${count} generated products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  } else if (command === "backup") {
    const { backupFolder } = await import("./backup-set.ts");
    const { folder, manifest } = await backupFolder(db, {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      to: values.to,
      filesOnly: values["files-only"] === true,
    });
    const files = manifest.files.length - (manifest.database ? 1 : 0);
    output.line(
      `Backup written to ${folder} (${manifest.database ?? "no database"}, ${files} files, checked with ${folder}/manifest.json)`,
    );
  } else {
    throw new Error(`Unknown command "${command}". Use migrate, seed, backup or restore.`);
  }
}
