// npm test: unit (shared, web) and server tests on SQLite, the server tests again on PostgreSQL, then the
// browser tests in Debian's Chromium against the built shop. Ends with "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildWebIfNeeded } from "./web-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, ".tmp", "test-reports");
const ci = process.env.CI === "true" || process.env.CI === "1";
const { values } = parseArgs({ options: { only: { type: "string" } } });
const only = values.only;

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** What went wrong without failing the run, said at the end. */
const notices = [];

function loud(message) {
  const bar = "!".repeat(78);
  console.log(`\n${bar}\n!! ${message}\n${bar}\n`);
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command as run() does, and also keeps what it printed. */
function runKeepingOutput(label, command, args, env = {}) {
  console.log(`\n▶ ${label}\n`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["inherit", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  const chunks = [];
  child.stdout.on("data", (chunk) => {
    chunks.push(chunk);
    process.stdout.write(chunk);
  });
  child.stderr.on("data", (chunk) => {
    chunks.push(chunk);
    process.stderr.write(chunk);
  });
  return new Promise((resolve) => {
    child.on("close", (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the colours Vitest writes
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, "");

/**
 * The errors Vitest counted outside any test ("Unhandled Errors"), each as its first lines. The
 * run's last lines are all CI keeps of a long log, so they are said again there.
 */
function unhandledErrors(output) {
  const errors = [];
  let current = null;
  for (const line of plain(output).split("\n")) {
    if (/^⎯+ (Unhandled Error|Unhandled Rejection|Uncaught Exception) ⎯+$/.test(line.trim())) {
      current = [];
      errors.push(current);
    } else if (/^⎯+$/.test(line.trim())) {
      current = null;
    } else if (current && line.trim() && current.length < 6) {
      current.push(line.trim());
    }
  }
  return errors.filter((lines) => lines.length > 0).map((lines) => lines.join("\n"));
}

/** Vitest's own worker-to-runner messages timing out on a loaded machine (vitest-dev/vitest#6479). */
const isWorkerTimeout = (error) => /^Error: \[vitest-worker\]: Timeout calling "\w+"/.test(error);

async function vitest(label, report, args, env) {
  const file = path.join(reports, report);
  const { status, output } = await runKeepingOutput(
    label,
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`, ...args],
    env,
  );
  if (!existsSync(file)) {
    problems.push(`${label}: the runner stopped before reporting (exit ${status})`);
    totals.failed += 1;
    return;
  }
  const result = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
  if (status === 0) return;
  const failedFiles = result.testResults.filter(
    (file) => file.status === "failed" && file.assertionResults.length === 0,
  );
  const errors = unhandledErrors(output);
  // Every test passed and the only errors were Vitest's own messages timing out: noted, not failed.
  if (result.numFailedTests === 0 && failedFiles.length === 0 && errors.length > 0 && errors.every(isWorkerTimeout)) {
    notices.push(`${label}: every test passed; Vitest's own worker messages timed out ${errors.length} time(s)`);
    return;
  }
  problems.push(`${label}: ${result.numFailedTests} failed (exit ${status})`);
  for (const failed of failedFiles) {
    problems.push(`  ${path.relative(root, failed.name)} did not run: ${failed.message.split("\n")[0]}`);
  }
  for (const error of errors) problems.push(`  unhandled: ${error.replaceAll("\n", "\n    ")}`);
}

async function postgresAdminUrl() {
  const candidates = process.env.TEST_DATABASE_URL
    ? [process.env.TEST_DATABASE_URL]
    : ["postgres://postgres@127.0.0.1:5432/postgres", "postgres://root@127.0.0.1:5432/postgres"];
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query("select 1");
      return url;
    } catch {
      // try the next one
    } finally {
      await client.end().catch(() => {});
    }
  }
  return null;
}

async function dropDatabases(adminUrl, prefix) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query("select datname from pg_database where datname like $1", [`${prefix}%`]);
  for (const { datname } of rows) {
    // The run's template databases (apps/server/src/test/template-database.ts) if it stopped early.
    await client.query(`alter database "${datname}" with is_template false`);
    await client.query(`drop database if exists "${datname}" with (force)`);
  }
  await client.end();
}

if (!only || only === "unit") {
  await vitest("Unit, web and server tests (SQLite)", "vitest-sqlite.json", []);

  const adminUrl = await postgresAdminUrl();
  if (adminUrl) {
    const prefix = `shop_test_${Date.now().toString(36)}`;
    try {
      await vitest("Server tests (PostgreSQL)", "vitest-postgres.json", ["--project", "server"], {
        TEST_DATABASE_URL: adminUrl,
        TEST_DATABASE_PREFIX: prefix,
      });
    } finally {
      await dropDatabases(adminUrl, prefix);
    }
  } else if (ci) {
    problems.push("PostgreSQL does not answer on 127.0.0.1:5432 (and TEST_DATABASE_URL is not set); CI needs it.");
    totals.failed += 1;
  } else {
    loud("PostgreSQL does not answer on 127.0.0.1:5432: the server tests ran on SQLite only.");
  }
}

if (!only || only === "e2e") {
  const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    if (ci) {
      problems.push(`No Chromium at ${chromium}; CI needs it for the browser tests (apt-get install chromium).`);
      totals.failed += 1;
    } else {
      loud(`No Chromium at ${chromium}: the browser tests were SKIPPED. Install it with: apt-get install chromium`);
    }
  } else {
    buildWebIfNeeded();
    const file = path.join(reports, "playwright.json");
    const status = run(
      "Browser tests (Playwright, Chromium)",
      "npx",
      ["playwright", "test", "--config", "e2e/playwright.config.ts"],
      {
        CHROME_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      },
    );
    if (existsSync(file)) {
      const { stats } = JSON.parse(readFileSync(file, "utf8"));
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
      if (status !== 0) problems.push(`Browser tests: ${stats.unexpected} failed (exit ${status})`);
    } else {
      problems.push(`Browser tests: the runner stopped before reporting (exit ${status})`);
      totals.failed += 1;
    }
  }
}

if (notices.length > 0) console.log(`\nNoticed:\n${notices.map((notice) => `- ${notice}`).join("\n")}`);
if (problems.length > 0) console.log(`\nProblems:\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
