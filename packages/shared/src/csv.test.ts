import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvRow, parseCsv } from "./csv.ts";

describe("csvCell", () => {
  it("leaves plain text and numbers as they are", () => {
    expect(csvCell("Robin Hale")).toBe("Robin Hale");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell("")).toBe("");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes, line breaks and edge spaces, doubling the quotes", () => {
    expect(csvCell("Hale, Robin")).toBe('"Hale, Robin"');
    expect(csvCell('the "best" shop')).toBe('"the ""best"" shop"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell(" padded ")).toBe('" padded "');
  });

  it("defuses a cell that starts like a formula with a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("writes a negative amount as it is: a number, not a formula", () => {
    expect(csvCell("-0.40")).toBe("-0.40");
    expect(csvCell("-12")).toBe("-12");
    expect(csvCell("-0.40+1")).toBe("'-0.40+1");
    expect(csvCell("-1e3")).toBe("'-1e3");
    expect(csvCell("-")).toBe("'-");
  });
});

describe("csvRow", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvRow(["A", 1, null, "b,c"])).toBe('A,1,,"b,c"\r\n');
  });
});

describe("parseCsv", () => {
  it("reads back what csvRow writes: quotes, commas, line breaks, defused formulas, with each row's line", () => {
    const cells = ["=SUM(A1:A2)", 'say "hi", then go', "two\nlines", "", "-5 left", "plain"];
    const text = `${CSV_BOM}${csvRow(["a", "b", "c", "d", "e", "f"])}${csvRow(cells)}\r\n${csvRow(["x"])}`;
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ["a", "b", "c", "d", "e", "f"] },
      { line: 2, cells },
      { line: 5, cells: ["x"] },
    ]);
    expect(parseCsv("a,b\nc,d")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["c", "d"] },
    ]);
    expect(parseCsv("'hello,'=1")).toEqual([{ line: 1, cells: ["'hello", "=1"] }]);
  });

  it("says where a quote is left open", () => {
    expect(() => parseCsv('a\r\n"open,\r\nb')).toThrow("A quoted cell that starts on line 2 is never closed.");
  });
});
