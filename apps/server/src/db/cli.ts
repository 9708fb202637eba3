import { parseArgs } from "node:util";
import { loadConfig } from "../config/config.ts";
import { createServices } from "../services.ts";
import { openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { seedBulkProducts } from "./seed/bulk.ts";
import { seedDemo } from "./seed/seed.ts";

// npm run db:migrate | npm run db:seed [-- --products N] | npm run db:backup [-- --to FILE]
// | npm run db:restore -- --from FILE

const [command = "", ...rest] = process.argv.slice(2);

try {
  const { values } = parseArgs({
    args: rest,
    options: { products: { type: "string" }, to: { type: "string" }, from: { type: "string" } },
  });
  const config = loadConfig();
  if (command === "restore") {
    // Not through openDatabase: that would create and migrate the very file being replaced.
    const { restoreDatabase } = await import("./restore.ts");
    const target = await restoreDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      from: values.from,
    });
    console.log(`Restored ${values.from} to ${target}. The shop brings its schema up to date when it starts.`);
  } else {
    const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await runOnDatabase(db, config, values);
    } finally {
      await db.close();
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

async function runOnDatabase(
  db: ReturnType<typeof openDatabase>,
  config: ReturnType<typeof loadConfig>,
  values: { products?: string; to?: string },
): Promise<void> {
  const applied = await migrateToLatest(db);
  if (command === "migrate") {
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  } else if (command === "seed") {
    const demo = await seedDemo(db, createServices(db, config, console));
    console.log(
      `Demo shop: ${demo.categories} categories, ${demo.products} products, ${demo.banners} banners, ${demo.posts} blog posts, ${demo.coas} batches with lab results added.`,
    );
    if (values.products) {
      const count = Number(values.products);
      if (!Number.isInteger(count) || count < 1) throw new Error("--products takes a whole number of 1 or more");
      const started = Date.now();
      await seedBulkProducts(db, count, (done) => process.stdout.write(`\r${done} / ${count} products`));
      console.log(`\nAdded ${count} generated products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  } else if (command === "backup") {
    const { backupDatabase } = await import("./backup.ts");
    console.log(`Backup written to ${await backupDatabase(db, config.dataDir, values.to)}`);
  } else {
    throw new Error(`Unknown command "${command}". Use migrate, seed, backup or restore.`);
  }
}
