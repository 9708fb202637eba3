import { runDbCommand } from "./commands.ts";

// npm run db:migrate | npm run db:seed [-- --products N]
// | npm run db:backup [-- --to FOLDER] [--files-only] | npm run db:restore -- --from FOLDER
// (commands.ts does the work; this is the terminal's side).

try {
  await runDbCommand(process.argv.slice(2), process.env, {
    line: (text) => console.log(text),
    progress: (text) => process.stdout.write(text),
    log: console,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
