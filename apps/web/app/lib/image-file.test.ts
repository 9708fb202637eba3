import { describe, expect, it } from "vitest";
import { IMAGE_ACCEPT, imageFileProblem } from "./image-file.ts";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50];
const file = (name: string, type: string, head: number[], size = 64) => {
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return new File([bytes], name, { type });
};

describe("imageFileProblem", () => {
  it("accepts a JPEG, PNG or WebP file by its type and its first bytes", async () => {
    expect(await imageFileProblem(file("a.png", "image/png", PNG))).toBeNull();
    expect(await imageFileProblem(file("a.jpg", "image/jpeg", JPEG))).toBeNull();
    expect(await imageFileProblem(file("a.webp", "image/webp", WEBP))).toBeNull();
    expect(IMAGE_ACCEPT).toBe("image/jpeg,image/png,image/webp");
  });

  it("refuses a file only named or typed as a picture", async () => {
    expect(await imageFileProblem(file("fake.png", "image/png", [0x3c, 0x73, 0x76, 0x67]))).toBe(
      "“fake.png” is not a JPEG, PNG or WebP image.",
    );
    expect(await imageFileProblem(file("a.gif", "image/gif", PNG))).toBe("“a.gif” is not a JPEG, PNG or WebP image.");
    expect(await imageFileProblem(file("riff.webp", "image/webp", WEBP.slice(0, 8)))).toBe(
      "“riff.webp” is not a JPEG, PNG or WebP image.",
    );
    expect(await imageFileProblem(file("empty.png", "image/png", []))).toBe(
      "“empty.png” is not a JPEG, PNG or WebP image.",
    );
  });

  it("refuses a picture over 10 MB and takes one of exactly 10 MB", async () => {
    const limit = 10 * 1024 * 1024;
    expect(await imageFileProblem(file("big.png", "image/png", PNG, limit + 1))).toBe(
      "“big.png” is too large: at most 10 MB.",
    );
    expect(await imageFileProblem(file("max.png", "image/png", PNG, limit))).toBeNull();
  });
});
