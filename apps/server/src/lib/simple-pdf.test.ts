import { describe, expect, it } from "vitest";
import { writePdf } from "./simple-pdf.ts";

const page = {
  rects: [{ x: 0, y: 700, width: 612, height: 92, color: [20, 83, 45] as [number, number, number] }],
  texts: [
    {
      x: 40,
      y: 740,
      size: 20,
      text: "Certificate of Analysis",
      bold: true,
      color: [255, 255, 255] as [number, number, number],
    },
    { x: 40, y: 680, size: 11, text: "Total THC (delta-9 + 0.877 × THCA) – (a) \\ b" },
  ],
};

describe("writePdf", () => {
  const pdf = writePdf([page, { rects: [], texts: [{ x: 40, y: 740, size: 11, text: "Page two" }] }], {
    title: "COA HMH-1",
    author: "Test lab",
  });
  const text = pdf.toString("latin1");

  it("starts with the PDF signature and ends with %%EOF", () => {
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  });

  it("has a cross-reference table whose every offset points at its object", () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const [, count] = /xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
    const entries = text
      .slice(startxref)
      .split("\n")
      .slice(2, 2 + Number(count));
    expect(entries).toHaveLength(10); // the free entry and nine objects
    for (const [id, entry] of entries.entries()) {
      expect(entry).toHaveLength(19); // 20 bytes with the newline
      if (id === 0) continue;
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    }
    expect(text).toContain("/Count 2");
  });

  it("gives each content stream its exact length", () => {
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = (match.index ?? 0) + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe("\nendstream");
    }
  });

  it("escapes brackets and backslashes and spells other characters in ASCII", () => {
    expect(text).toContain("(Total THC \\(delta-9 + 0.877 x THCA\\) - \\(a\\) \\\\ b) Tj");
    expect(text).toContain("/F2 20 Tf 1 1 1 rg 40 740 Td (Certificate of Analysis) Tj");
  });

  it("refuses to write an empty document", () => {
    expect(() => writePdf([], { title: "x", author: "y" })).toThrow(/at least one page/);
  });
});
