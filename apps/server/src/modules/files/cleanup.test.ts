import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileReferences } from "../../file-references.ts";
import { runFilesCommand } from "../../files-commands.ts";
import { writePdf } from "../../lib/simple-pdf.ts";
import { createDiskStorage } from "../../lib/storage/disk-storage.ts";
import { createS3Storage } from "../../lib/storage/s3-storage.ts";
import { coaFormFields, multipart, type Sessions } from "../../test/forms.ts";
import { productIdBySku } from "../../test/products.ts";
import { startTestS3OrSkip, type TestS3 } from "../../test/s3-server.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";
import { FILE_CLEANUP_JOB, removeUnusedFiles } from "./cleanup-job.ts";
import { createFileCleanup } from "./service.ts";

/**
 * Files that nothing names any more go, on disk and in a bucket (a real
 * s3rver), and nothing that a row still names, nothing younger than the grace period, and
 * nothing in a dry run.
 */
const s3: TestS3 | null = await startTestS3OrSkip("cleanup-files");
afterAll(async () => {
  await s3?.close();
});

const HOUR = 60 * 60 * 1000;

describe.each([
  { store: "disk", env: () => ({}) },
  { store: "s3", env: () => s3?.env },
])("the unused-file cleanup on $store", ({ store, env }) => {
  const skip = store === "s3" && !s3;
  let shop: TestApp;
  let cookies: Sessions;
  let productId: string;
  /** The cleanup as the job runs it, with a clock the test sets. */
  let clock = Date.now();
  const cleanup = () =>
    createFileCleanup({
      storage: shop.app.services.storage,
      references: createFileReferences(shop.app.db.kysely),
      forgetImages: (keys) => shop.app.services.images.forget(keys),
      now: () => new Date(clock),
    });

  beforeAll(async () => {
    if (skip) return;
    ({ shop, cookies } = await createShopWithSessions({ env: env() ?? {} }));
    // Its own pictures folder, not the test suite's shared one: the cleanup must see only this shop's files.
    rmSync(path.join(shop.dataDir, "uploads"), { recursive: true, force: true });
    mkdirSync(path.join(shop.dataDir, "uploads"));
    productId = await productIdBySku(shop.app, "HMP-CPL-CBG-MNG-30");
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  const picture = async (color: string) =>
    sharp({ create: { width: 500, height: 120, channels: 3, background: color } })
      .png()
      .toBuffer();
  async function setLogo(color: string): Promise<string> {
    const response = await shop.app.inject({
      method: "PUT",
      url: "/api/settings/logo",
      ...multipart({ logo: { file: await picture(color), filename: "logo.png", type: "image/png" } }, cookies.manager),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().storeLogo.key as string;
  }
  const renditions = (key: string) => [`uploads/${key}-320.webp`, `uploads/${key}-500.webp`];
  const exists = (key: string) => shop.app.services.storage.exists(key);
  const imageRow = async (key: string) =>
    (await shop.app.db.kysely.selectFrom("images").select("key").where("key", "=", key).execute()).length;

  it.skipIf(skip)(
    "a replaced picture's renditions go and its row with them; the current picture stays; a dry run removes nothing",
    async () => {
      const old = await setLogo("#aa0000");
      const current = await setLogo("#00aa00");
      await shop.app.services.storage.put("uploads/notes.txt", Buffer.from("not a picture"), "text/plain");
      clock = Date.now() + 25 * HOUR;

      const dry = await cleanup().cleanup({ dryRun: true });
      expect(dry.removed.map((file) => file.key).sort()).toEqual(renditions(old));
      expect(dry.removedBytes).toBe(dry.removed.reduce((sum, file) => sum + file.size, 0));
      expect(dry.removedBytes).toBeGreaterThan(0);
      expect(dry.unknown).toEqual(["uploads/notes.txt"]);
      for (const key of renditions(old)) expect(await exists(key)).toBe(true);
      expect(await imageRow(old)).toBe(1);

      const run = await cleanup().cleanup({ dryRun: false });
      expect(run.removed).toEqual(dry.removed);
      for (const key of renditions(old)) expect(await exists(key)).toBe(false);
      for (const key of renditions(current)) expect(await exists(key)).toBe(true);
      expect(await exists("uploads/notes.txt")).toBe(true);
      expect(await imageRow(old)).toBe(0);
      expect(await imageRow(current)).toBe(1);
      // The storefront still shows the current logo.
      expect((await shop.app.inject(`/uploads/${current}-320.webp`)).statusCode).toBe(200);
      // Nothing left to do: a second run removes nothing.
      expect((await cleanup().cleanup({ dryRun: false })).removed).toEqual([]);
    },
  );

  it.skipIf(skip)("a file younger than the grace period stays, even when nothing names it", async () => {
    const replaced = await setLogo("#0000aa");
    await setLogo("#00aa00");
    clock = Date.now() + 23 * HOUR;
    const run = await cleanup().cleanup({ dryRun: false });
    expect(run.removed).toEqual([]);
    expect(run.young).toBeGreaterThanOrEqual(2);
    for (const key of renditions(replaced)) expect(await exists(key)).toBe(true);
  });

  it.skipIf(skip)(
    "pictures that kept rows still name stay: a hidden banner's and one inside a post's text",
    async () => {
      const bannerPicture = (await shop.app.services.images.ingest(await picture("#123456"))).key;
      const postPicture = (await shop.app.services.images.ingest(await picture("#654321"))).key;
      const banner = await shop.app.db.kysely.selectFrom("banners").select("id").executeTakeFirstOrThrow();
      await shop.app.db.kysely
        .updateTable("banners")
        .set({ image_key: bannerPicture, is_active: 0 })
        .where("id", "=", banner.id)
        .execute();
      const post = await shop.app.db.kysely.selectFrom("blog_posts").select(["id", "body"]).executeTakeFirstOrThrow();
      await shop.app.db.kysely
        .updateTable("blog_posts")
        .set({ body: `${post.body}\n\n![A picture](/uploads/${postPicture}-320.webp)\n` })
        .where("id", "=", post.id)
        .execute();
      clock = Date.now() + 25 * HOUR;
      const run = await cleanup().cleanup({ dryRun: false });
      const removed = run.removed.map((file) => file.key);
      for (const key of [...renditions(bannerPicture), ...renditions(postPicture)]) {
        expect(removed).not.toContain(key);
        expect(await exists(key)).toBe(true);
      }
      // Once the post no longer names it, its picture goes.
      await shop.app.db.kysely.updateTable("blog_posts").set({ body: post.body }).where("id", "=", post.id).execute();
      const after = await cleanup().cleanup({ dryRun: false });
      expect(after.removed.map((file) => file.key).sort()).toEqual(renditions(postPicture));
    },
  );

  it.skipIf(skip)(
    "a COA's PDF stays while another lot still names it and goes with the last; a deleted document's file goes",
    async () => {
      const pdf = writePdf([{ rects: [], texts: [{ x: 40, y: 700, size: 12, text: `Shared ${store}` }] }], {
        title: "Shared",
        author: "Lab",
      });
      for (const lot of ["clean-1", "clean-2"]) {
        const response = await shop.app.inject({
          method: "POST",
          url: "/api/admin/coas",
          ...multipart(coaFormFields(productId, pdf, { lotNumber: lot, labCertificateNumber: lot }), cookies.staff),
        });
        expect(response.statusCode, response.body).toBe(201);
      }
      const { pdf_key } = await shop.app.db.kysely
        .selectFrom("coas")
        .select("pdf_key")
        .where("pdf_bytes", "=", pdf.length)
        .executeTakeFirstOrThrow();
      const pdfFile = `documents/${pdf_key}.pdf`;
      const withdraw = (lot: string) =>
        shop.app.inject({ method: "DELETE", url: `/api/admin/coas/${lot}`, headers: { cookie: cookies.staff } });
      expect((await withdraw("clean-1")).statusCode).toBe(204);
      clock = Date.now() + 25 * HOUR;
      expect((await cleanup().cleanup({ dryRun: false })).removed.map((file) => file.key)).not.toContain(pdfFile);
      expect(await exists(pdfFile)).toBe(true);
      expect((await shop.app.inject("/api/coas/CLEAN-2/pdf")).statusCode).toBe(200);

      expect((await withdraw("clean-2")).statusCode).toBe(204);
      // A file left by a document whose row is gone (the file outlived a failed delete).
      const orphan = "private-documents/00000000-0000-4000-8000-000000000001";
      await shop.app.services.storage.put(orphan, Buffer.from("%PDF-1.4 left behind"), "application/pdf");
      const run = await cleanup().cleanup({ dryRun: false });
      expect(run.removed.map((file) => file.key).sort()).toEqual([pdfFile, orphan]);
      expect(await exists(pdfFile)).toBe(false);
      expect(await exists(orphan)).toBe(false);
      // The demo's own COAs keep theirs.
      const demo = await shop.app.db.kysely.selectFrom("coas").select("pdf_key").execute();
      if (store === "disk") for (const row of demo) expect(await exists(`documents/${row.pdf_key}.pdf`)).toBe(true);
    },
  );

  it.skipIf(skip)(
    "npm run files:cleanup: a dry run lists what would go and the bytes; then it goes; a bad grace is refused",
    async () => {
      const key = await setLogo("#777777");
      await setLogo("#00aa00");
      if (store === "disk") {
        const old = new Date(Date.now() - 30 * HOUR);
        for (const file of renditions(key)) utimesSync(path.join(shop.dataDir, file), old, old);
      }
      const lines: string[] = [];
      const commandEnv = {
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATA_DIR: shop.dataDir,
        ...(shop.databaseUrl ? { DATABASE_URL: shop.databaseUrl } : {}),
        ...(env() ?? {}),
      };
      const command = (args: string[]) => runFilesCommand(args, commandEnv, { line: (text) => lines.push(text) });
      await expect(command(["cleanup", "--grace-hours", "0"])).rejects.toThrow(
        "--grace-hours must be a number of hours, at least 1 (was '0').",
      );
      if (store === "s3") {
        // A bucket's objects cannot be made older: the command only reports them as young.
        await command(["cleanup", "--dry-run"]);
        expect(lines.at(-2)).toMatch(/would remove 0 that nothing uses .* kept \d+ unused but younger/);
        return;
      }
      await command(["cleanup", "--dry-run"]);
      expect(lines).toContain(
        `would remove ${renditions(key)[0]} (${(await shop.app.services.storage.sizeOf(renditions(key)[0] ?? "")) ?? 0} bytes)`,
      );
      expect(lines.at(-1)).toBe("Nothing was removed (dry run). Run without --dry-run to remove them.");
      for (const file of renditions(key)) expect(await exists(file)).toBe(true);
      lines.length = 0;
      await command(["cleanup"]);
      expect(lines.at(-1)).toMatch(/: \d+ files; removed 2 that nothing uses \([\d,]+ bytes, 0\.0 MB\)/);
      for (const file of renditions(key)) expect(await exists(file)).toBe(false);
    },
  );

  it.skipIf(skip)("the daily job runs under its lease: one instance at a time", async () => {
    const inside = await shop.app.services.jobs.exclusively(FILE_CLEANUP_JOB, 60_000, () =>
      removeUnusedFiles(shop.app),
    );
    expect(inside).toEqual({ ran: true, result: { ran: false } });
    const run = await removeUnusedFiles(shop.app);
    expect(run.ran && run.result.dryRun).toBe(false);
    expect(run.ran && run.result.files).toBeGreaterThan(0);
  });
});

describe.skipIf(!s3)("npm run storage:migrate", () => {
  it("copies every file of a DATA_DIR into the bucket, checks sizes, skips what is there, leaves the local files", async () => {
    const dataDir = path.join(await import("node:os").then((os) => os.tmpdir()), `shop-migrate-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    const files: Record<string, Buffer> = {
      "uploads/0123456789abcdef0123456789abcdef-320.webp": Buffer.alloc(1000, 1),
      [`documents/${"a".repeat(64)}.pdf`]: Buffer.alloc(2000, 2),
      "private-documents/00000000-0000-4000-8000-000000000002": Buffer.alloc(3000, 3),
    };
    for (const [key, bytes] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
      writeFileSync(path.join(dataDir, key), bytes);
    }
    const env = { NODE_ENV: "test", DATA_DIR: dataDir, ...s3?.env };
    const lines: string[] = [];
    try {
      await runFilesCommand(["migrate"], env, { line: (text) => lines.push(text) });
      expect(lines[0]).toMatch(
        /^Copied 3 files \(6,000 bytes, 0\.0 MB\) from .* into http:\/\/127\.0\.0\.1:\d+ bucket cleanup-files; 0 were there already\./,
      );
      expect(lines[1]).toMatch(/^Next: keep the S3_\* settings/);
      const bucket = createS3Storage({
        endpoint: s3?.endpoint ?? "",
        bucket: "cleanup-files",
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      });
      for (const [key, bytes] of Object.entries(files)) expect((await bucket.read(key))?.equals(bytes)).toBe(true);
      expect(await createDiskStorage(dataDir).exists(Object.keys(files)[0] ?? "")).toBe(true);
      lines.length = 0;
      await runFilesCommand(["migrate"], env, { line: (text) => lines.push(text) });
      expect(lines[0]).toMatch(/^Copied 0 files .*; 3 were there already\./);
      await expect(
        runFilesCommand(["migrate"], { NODE_ENV: "test", DATA_DIR: dataDir }, { line: () => {} }),
      ).rejects.toThrow(/set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY first/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
