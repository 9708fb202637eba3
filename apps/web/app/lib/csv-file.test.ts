import { describe, expect, it } from "vitest";
import { CSV_ACCEPT, csvFileProblem } from "./csv-file.ts";

const file = (name: string, bytes: BlobPart) => new File([bytes], name, { type: "text/csv" });

describe("csvFileProblem", () => {
  it("takes a text file, with or without a byte order mark", async () => {
    expect(await csvFileProblem(file("products.csv", "Sku,Stock\r\nA-1,5\r\n"))).toBeNull();
    expect(await csvFileProblem(file("products.csv", "\uFEFFSku\nA-1\n"))).toBeNull();
    expect(CSV_ACCEPT).toBe("text/csv,.csv");
  });

  it("refuses an empty file and one with bytes no text has (a spreadsheet saved as .xlsx)", async () => {
    expect(await csvFileProblem(file("empty.csv", ""))).toBe("“empty.csv” is empty.");
    expect(await csvFileProblem(file("book.csv", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])))).toBe(
      "“book.csv” is not a CSV file: save it from your spreadsheet as CSV (UTF-8).",
    );
  });

  it("refuses a file over 10 MB and takes one of exactly 10 MB", async () => {
    const limit = 10 * 1024 * 1024;
    expect(await csvFileProblem(file("big.csv", new Uint8Array(limit + 1).fill(65)))).toBe(
      "“big.csv” is too large: at most 10 MB.",
    );
    expect(await csvFileProblem(file("max.csv", new Uint8Array(limit).fill(65)))).toBeNull();
  });
});
