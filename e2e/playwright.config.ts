import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN } from "./tests/accounts.ts";

const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;
/** The same shop run as in development (React's development build), for the hydration checks. */
const developmentURL = `http://127.0.0.1:${port + 1}`;
/** The same shop with Veratad's simulator as its identity provider, for the identity check's specs (decision 099). */
const identityURL = `http://127.0.0.1:${port + 2}`;
const identitySpecs = /identity-check\.spec\.ts$/;
/** Where the test server's SMTP server saves what the shop sends (read by tests/mailbox.ts). */
export const mailboxDir = path.join(os.tmpdir(), `shop-e2e-mail-${port}`);
process.env.E2E_MAILBOX = mailboxDir;

export default defineConfig({
  testDir: "tests",
  outputDir: "../.tmp/test-results",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Patience for a slow machine, not for a slow shop: on 2026-11-29 the CI machine ran the suite at
  // half its usual speed (load average 8 on 2 cores), and pages that hydrate in 1 s alone took more
  // than the 5 s an expectation waited by default (decision 085).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL,
    // A failed test keeps its trace: actions, DOM snapshots, network and console. Without the
    // screencast of every test, which the browser encodes as JPEG frames: the same three spec files
    // took 187 s of CPU instead of 247–255 s, 112 s instead of 143–148 s of wall time (decision 086).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: [/\.(dev|shop-wide)\.spec\.ts$/, identitySpecs],
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      grep: /@phone/,
      testIgnore: [/\.(dev|shop-wide)\.spec\.ts$/, identitySpecs],
    },
    {
      name: "identity-desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: identityURL },
      testMatch: identitySpecs,
    },
    {
      name: "identity-phone",
      use: { ...devices["Pixel 7"], channel: undefined, baseURL: identityURL },
      testMatch: identitySpecs,
    },
    {
      // Specs that change what every page shows (the shop's settings) run after all the others,
      // one at a time, so no other test sees their changes. Locally: --project=shop-wide --no-deps.
      name: "shop-wide",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /\.shop-wide\.spec\.ts$/,
      dependencies: ["desktop", "phone"],
      fullyParallel: false,
      // One file at a time too: two such specs side by side would see each other's settings.
      workers: 1,
    },
    {
      // Only React's development build reports a hydration mismatch of attributes.
      name: "development",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: developmentURL },
      testMatch: /\.dev\.spec\.ts$/,
      // Vite compiles each page's code on its first request.
      timeout: 120_000,
    },
  ],
  webServer: [
    { command: "node e2e/serve.mjs", url: `${baseURL}/api/health`, port, mailbox: mailboxDir },
    {
      command: "node e2e/serve.mjs --dev",
      url: `${developmentURL}/api/health`,
      port: port + 1,
      mailbox: `${mailboxDir}-dev`,
    },
    {
      command: "node e2e/serve.mjs --veratad",
      url: `${identityURL}/api/health`,
      port: port + 2,
      mailbox: `${mailboxDir}-identity`,
    },
  ].map(({ command, url, port, mailbox }) => ({
    command,
    cwd: "..",
    url,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      E2E_MAILBOX: mailbox,
      // The tests come from loopback and each names its own client address (tests/fixtures.ts).
      TRUST_PROXY: "loopback",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
  })),
});
