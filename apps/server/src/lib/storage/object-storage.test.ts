import type { CoaBatch, ShopDocument } from "@shop/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/config.ts";
import { coaFormFields, daysAgo, multipart, type Sessions } from "../../test/forms.ts";
import { productIdBySku } from "../../test/products.ts";
import { startTestS3OrSkip, type TestS3 } from "../../test/s3-server.ts";
import { createShopWithSessions, createTestApp, type TestApp } from "../../test/test-app.ts";
import { writePdf } from "../simple-pdf.ts";
import { createDiskStorage } from "./disk-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import { sha256Hex, signRequest } from "./sigv4.ts";

/**
 * With the S3_* settings the shop's files live in a bucket of a real
 * S3-compatible server (s3rver, started here), and its routes answer as they do on disk.
 */
const s3: TestS3 | null = await startTestS3OrSkip();
let shop: TestApp;
let cookies: Sessions;
let productId: string;
const logLines: string[] = [];

beforeAll(async () => {
  if (!s3) return;
  ({ shop, cookies } = await createShopWithSessions({
    env: s3.env,
    logStream: { write: (line) => void logLines.push(line) },
  }));
  productId = await productIdBySku(shop.app, "HMP-CPL-CBG-MNG-30");
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await s3?.close();
});

const bucket = () => {
  if (!s3) throw new Error("no S3 server");
  return createS3Storage(shop.app.config.s3 ?? (undefined as never));
};
const pdf = writePdf([{ rects: [], texts: [{ x: 40, y: 700, size: 12, text: "Bucket report B-1" }] }], {
  title: "Bucket",
  author: "Lab",
});

describe.skipIf(!s3)("files in an S3 bucket", () => {
  it("signs requests as AWS documents it (the S3 GET example of Signature Version 4)", () => {
    const headers = signRequest({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { range: "bytes=0-9" },
      payloadHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      region: "us-east-1",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      now: new Date("2013-05-24T00:00:00Z"),
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("signs a PUT with its body and a listing with its query as AWS's examples do", () => {
    const common = {
      region: "us-east-1",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      now: new Date("2013-05-24T00:00:00Z"),
    };
    const put = signRequest({
      ...common,
      method: "PUT",
      url: new URL("https://examplebucket.s3.amazonaws.com/test%24file.text"),
      headers: { date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
      payloadHash: sha256Hex("Welcome to Amazon S3."),
    });
    expect(put.authorization).toMatch(/Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/);
    const list = signRequest({
      ...common,
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J"),
      headers: {},
      payloadHash: sha256Hex(""),
    });
    expect(list.authorization).toMatch(/Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7$/);
  });

  it("a request the store refuses is an error naming the store and the key, never the secret", async () => {
    // s3rver checks the access key (it does not recompute V4 signatures; the examples above do).
    const settings = {
      ...(shop.app.config.s3 ?? (undefined as never)),
      accessKeyId: "UNKNOWNKEY",
      secretAccessKey: "not-the-secret-1234",
    };
    const wrong = createS3Storage(settings);
    const error = await wrong.put("uploads/x.txt", Buffer.from("x"), "text/plain").catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/answered 403 InvalidAccessKeyId to PUT uploads\/x\.txt\.$/);
    expect((error as Error).message).not.toContain("not-the-secret-1234");
    expect(await bucket().exists("uploads/x.txt")).toBe(false);
  });

  it("a picture uploaded through a route is kept in the bucket and served from /uploads, immutable", async () => {
    const png = await sharp({ create: { width: 700, height: 200, channels: 3, background: "#0b3b20" } })
      .png()
      .toBuffer();
    const upload = await shop.app.inject({
      method: "PUT",
      url: "/api/settings/logo",
      ...multipart({ logo: { file: png, filename: "logo.png", type: "image/png" } }, cookies.manager),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { key, widths } = upload.json().storeLogo as { key: string; widths: number[] };
    expect(widths).toEqual([320, 640, 700]);
    for (const width of widths) expect(await bucket().exists(`uploads/${key}-${width}.webp`)).toBe(true);
    // Nothing on disk: the bucket is the only copy.
    expect(await createDiskStorage(shop.dataDir).exists(`uploads/${key}-640.webp`)).toBe(false);

    const served = await shop.app.inject({ url: `/uploads/${key}-640.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(served.headers["content-length"])).toBe(served.rawPayload.length);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
  });

  it("a missing picture and a path outside the pictures get the same 404 as on disk", async () => {
    const disk = await createTestApp({ demoData: false });
    try {
      for (const url of [
        "/uploads/0123456789abcdef0123456789abcdef-640.webp",
        "/uploads/../shop.db",
        "/uploads/x.svg",
      ]) {
        const fromBucket = await shop.app.inject(url);
        const fromDisk = await disk.app.inject(url);
        expect(fromBucket.statusCode, url).toBe(404);
        expect(fromBucket.statusCode).toBe(fromDisk.statusCode);
        expect(fromBucket.json()).toEqual(fromDisk.json());
      }
    } finally {
      await disk.close();
    }
  });

  it("a COA's PDF is uploaded into the bucket and downloaded from it", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/admin/coas",
      ...multipart(
        coaFormFields(productId, pdf, { lotNumber: "bucket-1", labCertificateNumber: "B-1", delta9Thc: "0.1" }),
        cookies.staff,
      ),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as CoaBatch).pdf.bytes).toBe(pdf.length);
    const row = await shop.app.db.kysely
      .selectFrom("coas")
      .select("pdf_key")
      .where("pdf_bytes", "=", pdf.length)
      .executeTakeFirstOrThrow();
    expect(await bucket().sizeOf(`documents/${row.pdf_key}.pdf`)).toBe(pdf.length);
    const served = await shop.app.inject("/api/coas/BUCKET-1/pdf");
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it("a private document is kept in the bucket, downloaded by a Manager, refused to a customer and a visitor", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/admin/documents",
      ...multipart(
        {
          type: "license",
          title: "Bucket license",
          issuedOn: daysAgo(30),
          file: { file: pdf, filename: "license.pdf", type: "application/pdf" },
        },
        cookies.manager,
      ),
    });
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json() as ShopDocument;
    expect(await bucket().sizeOf(`private-documents/${document.id}`)).toBe(pdf.length);
    const url = `/api/admin/documents/${document.id}/file`;
    const file = await shop.app.inject({ url, headers: { cookie: cookies.manager } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect((await shop.app.inject({ url, headers: { cookie: cookies.customer } })).statusCode).toBe(403);
    expect((await shop.app.inject({ url })).statusCode).toBe(401);
    // Deleting the document deletes its object.
    const removed = await shop.app.inject({
      method: "DELETE",
      url: `/api/admin/documents/${document.id}`,
      headers: { cookie: cookies.manager },
    });
    expect(removed.statusCode).toBe(204);
    expect(await bucket().exists(`private-documents/${document.id}`)).toBe(false);
  });

  it("lists keys under a prefix with their size and age, and deletes", async () => {
    const store = bucket();
    await store.put("uploads/list-a.txt", Buffer.from("aaa"), "text/plain");
    await store.put("uploads/list-b.txt", Buffer.from("bb"), "text/plain");
    const listed = [];
    for await (const file of store.list("uploads/list-")) listed.push(file);
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: "uploads/list-a.txt", size: 3 },
      { key: "uploads/list-b.txt", size: 2 },
    ]);
    for (const file of listed) expect(Date.now() - file.modifiedAt.getTime()).toBeLessThan(60_000);
    // Page by page, as a bucket of thousands is listed (2 a page here instead of 1,000).
    await store.put("uploads/list-c.txt", Buffer.from("c"), "text/plain");
    const paged = createS3Storage(shop.app.config.s3 ?? (undefined as never), { listPageSize: 2 });
    const keys = [];
    for await (const file of paged.list("uploads/list-")) keys.push(file.key);
    expect(keys).toEqual(["uploads/list-a.txt", "uploads/list-b.txt", "uploads/list-c.txt"]);
    await store.delete("uploads/list-a.txt");
    await store.delete("uploads/never-there.txt");
    expect(await store.exists("uploads/list-a.txt")).toBe(false);
    // Many at once (DeleteObjects), a key that is not there among them.
    await store.put("uploads/list-d.txt", Buffer.from("d"), "text/plain");
    await store.deleteMany(["uploads/list-c.txt", "uploads/list-d.txt", "uploads/never-there.txt"]);
    expect(await store.exists("uploads/list-c.txt")).toBe(false);
    expect(await store.exists("uploads/list-d.txt")).toBe(false);
    const kept = await store.get("uploads/list-b.txt");
    // Closed unread: a body left open is aborted by the store's 30 s time limit later, as an
    // uncaught error in whichever test file this worker runs by then.
    kept?.body.destroy();
    expect(kept?.contentType).toBe("text/plain");
  });

  it("the bucket unreachable: a 500 in words without secrets, a log line naming the store, readiness fails", async () => {
    const down = await createTestApp({
      demoData: false,
      env: {
        ...s3?.env,
        S3_ENDPOINT: "http://127.0.0.1:4649",
        S3_SECRET_ACCESS_KEY: "secret-never-shown-42",
        LOG_LEVEL: "error",
      },
      logStream: { write: (line) => void logLines.push(line) },
    });
    try {
      const before = logLines.length;
      const response = await down.app.inject("/uploads/0123456789abcdef0123456789abcdef-640.webp");
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe("Something went wrong on our side. Please try again in a moment.");
      expect(response.body).not.toContain("secret-never-shown-42");
      const logged = logLines.slice(before).join("\n");
      expect(logged).toContain("The file store http://127.0.0.1:4649 bucket shop-files could not be reached");
      expect(logged).not.toContain("secret-never-shown-42");
      const check = down.app.services.readiness.find((entry) => entry.name === "storage");
      await expect(check?.check()).rejects.toThrow("The file store does not answer.");
      await expect(
        shop.app.services.readiness.find((entry) => entry.name === "storage")?.check(),
      ).resolves.toBeUndefined();
    } finally {
      await down.close();
    }
  });
});

describe("S3 settings", () => {
  it("are all or none, listed by name, and the secret is never in a message", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "test", S3_BUCKET: "shop", S3_SECRET_ACCESS_KEY: "very-secret-value" }),
    ).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID: required with the other S3_\* settings/);
    try {
      loadConfig({ NODE_ENV: "test", S3_ENDPOINT: "ftp://x", S3_SECRET_ACCESS_KEY: "very-secret-value" });
    } catch (error) {
      expect((error as Error).message).toContain("S3_ENDPOINT: must be an http:// or https:// URL");
      expect((error as Error).message).not.toContain("very-secret-value");
    }
    expect(loadConfig({ NODE_ENV: "test" }).s3).toBeUndefined();
    expect(
      loadConfig({
        NODE_ENV: "test",
        S3_ENDPOINT: "https://s3.example.com",
        S3_BUCKET: "shop-files",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
      }).s3,
    ).toEqual({
      endpoint: "https://s3.example.com",
      bucket: "shop-files",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
  });
});
