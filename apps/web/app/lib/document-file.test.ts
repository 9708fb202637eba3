import { describe, expect, it } from "vitest";
import { documentFileProblem } from "./document-file.ts";

const file = (name: string, head: number[] | string, size = 0, type = "") => {
  const bytes = typeof head === "string" ? [...head].map((char) => char.charCodeAt(0)) : head;
  const data = new Uint8Array(Math.max(size, bytes.length));
  data.set(bytes);
  return new File([data], name, { type });
};

describe("documentFileProblem", () => {
  it("takes a PDF, JPEG, PNG or WebP by its first bytes, whatever its name or type", async () => {
    expect(await documentFileProblem(file("license", "%PDF-1.7\n"))).toBeNull();
    expect(await documentFileProblem(file("scan.bin", [0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(await documentFileProblem(file("scan", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(await documentFileProblem(file("scan.webp", "RIFF\0\0\0\0WEBPVP8 "))).toBeNull();
  });

  it("refuses a file only named as one, and an empty one", async () => {
    expect(await documentFileProblem(file("license.pdf", "<html>", 0, "application/pdf"))).toBe(
      "“license.pdf” is not a PDF, JPEG, PNG or WebP file.",
    );
    expect(await documentFileProblem(file("logo.png", "<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe(
      "“logo.png” is not a PDF, JPEG, PNG or WebP file.",
    );
    expect(await documentFileProblem(file("empty.pdf", ""))).toBe("“empty.pdf” is not a PDF, JPEG, PNG or WebP file.");
  });

  it("refuses a file over 10 MB before reading it and takes one of exactly 10 MB", async () => {
    const limit = 10 * 1024 * 1024;
    expect(await documentFileProblem(file("big.pdf", "%PDF-1.7", limit + 1))).toBe(
      "“big.pdf” is too large: at most 10 MB.",
    );
    expect(await documentFileProblem(file("max.pdf", "%PDF-1.7", limit))).toBeNull();
  });
});
