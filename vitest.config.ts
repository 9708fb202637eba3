import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One worker per core, not Vitest's one fewer: the server tests wait on their databases much
    // of the time. On 2 cores the suite took 76 s instead of 126 s on SQLite, 92 s instead of
    // 144 s on PostgreSQL (decision 088).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"] } },
      // The web app's pure helpers and hooks; pages are tested in the browser (e2e/).
      { test: { name: "web", root: "apps/web", include: ["app/**/*.test.{ts,tsx}"] } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          globalSetup: ["src/test/global-setup.ts"],
          // Each file builds its own app and database, and no test mocks a module, so a worker keeps
          // its modules between files: half the suite's time went to importing them again (decision 072).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
