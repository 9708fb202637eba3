import type { ZodTypeProvider } from "fastify-type-provider-zod";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { multipart } from "../test/forms.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { acceptUploads, fileSchema } from "./uploads.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ demoData: false });
  await shop.app.register(async (scope) => {
    await acceptUploads(scope);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/api/test/upload",
        { config: { access: "public" }, schema: { body: z.strictObject({ title: z.string(), image: fileSchema }) } },
        async (request) => {
          const stored = await shop.app.services.images.ingest(request.body.image);
          return { key: stored.key, width: stored.width, widths: stored.widths };
        },
      );
  });
});
afterAll(() => shop.close());

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const form = (file: Buffer, filename: string, type: string) =>
  multipart({ title: "A picture", image: { file, filename, type } });
const upload = (file: Buffer, filename = "photo.jpg", contentType = "image/jpeg") =>
  shop.app.inject({ method: "POST", url: "/api/test/upload", ...form(file, filename, contentType) });

describe("uploads", () => {
  it("re-encodes a good photo to WebP renditions without its EXIF data", async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3a7" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret Camera Owner", Artist: "GPS 48.85N 2.35E" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(photo);
    expect(response.statusCode).toBe(200);
    const { key, widths } = response.json();
    expect(widths).toEqual([320, 640, 1024, 1200]);
    const served = await shop.app.inject({ url: `/uploads/${key}-640.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from("Secret Camera Owner"))).toBe(false);
  });

  it.each([
    ["an HTML page named .jpg", Buffer.from("<!doctype html><script>alert(1)</script>"), "cat.jpg", "image/jpeg"],
    [
      "an SVG with a script",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "logo.svg",
      "image/svg+xml",
    ],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\n"), "menu.png", "image/png"],
    ["an empty file", Buffer.alloc(0), "empty.png", "image/png"],
  ])("refuses %s", async (_, file, filename, contentType) => {
    const response = await upload(file, filename, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not a JPEG, PNG or WebP image|empty/);
  });

  it("refuses a polyglot: JPEG magic bytes in front of HTML", async () => {
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("<html><script>alert(1)</script>"),
    ]);
    const response = await upload(polyglot);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("This image is damaged and cannot be read.");
  });

  it("refuses a 20000×20000 PNG by its size before decoding it", async () => {
    // A real 1×1 PNG whose header is rewritten to say 20000×20000 (with a correct checksum): the
    // shape of a decompression bomb, without spending seconds on making one.
    const huge = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    huge.writeUInt32BE(20000, 16);
    huge.writeUInt32BE(20000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    const response = await upload(huge, "huge.png", "image/png");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/too large: 20000×20000 pixels/);
  });

  it("refuses a file over 10 MB while it arrives", async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe("The file is too large: at most 10 MB.");
  });

  it("serves a picture narrower than 10 pixels too (its one rendition is as wide as it)", async () => {
    const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#123" } })
      .png()
      .toBuffer();
    const response = await upload(dot, "dot.png", "image/png");
    expect(response.statusCode).toBe(200);
    const { key, widths } = response.json();
    expect(widths).toEqual([1]);
    expect((await shop.app.inject({ url: `/uploads/${key}-1.webp` })).statusCode).toBe(200);
  });

  it("serves nothing outside the stored renditions", async () => {
    for (const url of ["/uploads/../shop.db", "/uploads/%2e%2e/shop.db", "/uploads/session-secret", "/uploads/x.svg"]) {
      expect((await shop.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
