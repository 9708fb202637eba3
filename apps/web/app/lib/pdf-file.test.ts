import { describe, expect, it } from "vitest";
import { PDF_ACCEPT, pdfFileProblem } from "./pdf-file.ts";

const pdf = (name: string, text: string, size = text.length) => {
  const bytes = new Uint8Array(Math.max(size, text.length));
  bytes.set([...text].map((char) => char.charCodeAt(0)));
  return new File([bytes], name, { type: "application/pdf" });
};

describe("pdfFileProblem", () => {
  it("takes a file that starts as a PDF does, whatever its name", async () => {
    expect(await pdfFileProblem(pdf("report.pdf", "%PDF-1.7\n"))).toBeNull();
    expect(await pdfFileProblem(pdf("report", "%PDF-1.4"))).toBeNull();
    expect(PDF_ACCEPT).toBe("application/pdf,.pdf");
  });

  it("refuses a file only named .pdf", async () => {
    expect(await pdfFileProblem(pdf("report.pdf", "<html>"))).toBe("“report.pdf” is not a PDF.");
    expect(await pdfFileProblem(pdf("empty.pdf", ""))).toBe("“empty.pdf” is not a PDF.");
  });

  it("refuses a report over 10 MB before reading it and takes one of exactly 10 MB", async () => {
    const limit = 10 * 1024 * 1024;
    expect(await pdfFileProblem(pdf("big.pdf", "%PDF-1.7", limit + 1))).toBe("“big.pdf” is too large: at most 10 MB.");
    expect(await pdfFileProblem(pdf("max.pdf", "%PDF-1.7", limit))).toBeNull();
  });
});
