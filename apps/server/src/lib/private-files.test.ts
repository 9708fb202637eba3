import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailDir } from "../modules/mail/service.ts";
import { createTestApp, type TestApp, testEngine } from "../test/test-app.ts";

/**
 * Everything the shop writes in DATA_DIR is its owner's alone, whatever the umask: the database,
 * the session secret, and e-mails written to files, which carry one-time links.
 */
const mode = (file: string) => statSync(file).mode & 0o777;

const parent = mkdtempSync(path.join(os.tmpdir(), "shop-private-"));
const dataDir = path.join(parent, "data");
let shop: TestApp;
const umask = process.umask(0o022);
beforeAll(async () => {
  // An older install: a folder and a database that everyone may read.
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  if (testEngine === "sqlite") writeFileSync(path.join(dataDir, "shop.db"), "", { mode: 0o644 });
  shop = await createTestApp({
    demoData: false,
    env: { DATA_DIR: dataDir, ADMIN_EMAIL: "owner@shop.test", ADMIN_PASSWORD: "a long admin passphrase 1" },
  });
});
afterAll(async () => {
  await shop.close();
  process.umask(umask);
  rmSync(parent, { recursive: true, force: true });
});

describe("the data folder", () => {
  it("is the owner's alone, and so are the secret, the lock and the database with its WAL files", () => {
    expect(mode(dataDir)).toBe(0o700);
    const files = [
      "session-secret",
      ...(testEngine === "sqlite" ? ["shop.lock", "shop.db", "shop.db-wal", "shop.db-shm"] : []),
    ];
    for (const file of files) expect(mode(path.join(dataDir, file)), file).toBe(0o600);
  });

  it("keeps e-mails written to files, with their one-time links, for the owner only", async () => {
    const forgot = await shop.app.inject({
      method: "POST",
      url: "/api/Auth/forgot-password",
      payload: { email: "owner@shop.test" },
    });
    expect(forgot.statusCode).toBe(202);
    await shop.app.services.background.settled();
    const dir = mailDir(dataDir);
    expect(mode(dir)).toBe(0o700);
    const letters = readdirSync(dir);
    expect(letters.length).toBeGreaterThan(0);
    for (const letter of letters) expect(mode(path.join(dir, letter)), letter).toBe(0o600);
  });

  it("keeps stored files (documents, pictures) for the owner only", async () => {
    await shop.app.services.storage.put("documents/private-check.pdf", Buffer.from("%PDF-1.4"), "application/pdf");
    expect(mode(path.join(dataDir, "documents"))).toBe(0o700);
    expect(mode(path.join(dataDir, "documents", "private-check.pdf"))).toBe(0o600);
  });
});
