import { runFilesCommand } from "./files-commands.ts";

// npm run files:cleanup [-- --dry-run] [--grace-hours N] | npm run storage:migrate
// (files-commands.ts does the work; this is the terminal's side).

try {
  await runFilesCommand(process.argv.slice(2), process.env, { line: (text) => console.log(text) });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
