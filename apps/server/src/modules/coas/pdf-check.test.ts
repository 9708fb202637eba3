import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { writePdf } from "../../lib/simple-pdf.ts";
import { findPdfProblem, pdfProblemMessage } from "./pdf-check.ts";

/**
 * Reports as other tools write them: Chromium's "print to PDF" (Skia: a table, compressed content,
 * an embedded font and a link) and pdf-lib (compressed object streams and a cross-reference stream).
 */
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "test-pdfs", name));

const page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>";
const content = "BT /F1 12 Tf 72 720 Td (Lab report) Tj ET";
const contentObject = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;

/** Objects 1 to n: catalog, page tree, page, content, and whatever a test adds. */
function baseObjects(catalogExtra = "", pageExtra = ""): string[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra}>>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    page.replace(">>", `${pageExtra}>>`),
    contentObject,
  ];
}

/** A PDF with a classic cross-reference table; `objects[i]` becomes object i + 1. */
function tablePdf(objects: string[], trailerExtra = ""): Buffer {
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * A PDF 1.5 file as newer tools write it: the objects numbered in `packed` go compressed into an
 * object stream, and the cross-reference is a stream with PNG "up" prediction.
 */
function streamPdf(objects: string[], packed: number[]): Buffer {
  const chunks: Buffer[] = [Buffer.from("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]?.length ?? 0;
  const add = (text: string | Buffer) => {
    const chunk = typeof text === "string" ? Buffer.from(text, "latin1") : text;
    chunks.push(chunk);
    length += chunk.length;
  };
  const entries: [number, number, number][] = [[0, 0, 0xffff]];
  const objectStreamNumber = objects.length + 1;
  const xrefNumber = objects.length + 2;
  for (const [index, object] of objects.entries()) {
    const num = index + 1;
    if (packed.includes(num)) {
      entries.push([2, objectStreamNumber, packed.indexOf(num)]);
      continue;
    }
    entries.push([1, length, 0]);
    add(`${num} 0 obj\n${object}\nendobj\n`);
  }
  let header = "";
  let bodies = "";
  for (const num of packed) {
    header += `${num} ${bodies.length} `;
    bodies += `${objects[num - 1]}\n`;
  }
  const packedBytes = deflateSync(Buffer.from(header + bodies, "latin1"));
  entries.push([1, length, 0]);
  add(
    `${objectStreamNumber} 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${header.length} /Filter /FlateDecode /Length ${packedBytes.length} >>\nstream\n`,
  );
  add(packedBytes);
  add("\nendstream\nendobj\n");
  const xrefOffset = length;
  entries.push([1, xrefOffset, 0]);
  const rows: number[] = [];
  let previous = [0, 0, 0, 0, 0, 0, 0];
  for (const [type, second, third] of entries) {
    const row = [
      type,
      (second >>> 24) & 255,
      (second >>> 16) & 255,
      (second >>> 8) & 255,
      second & 255,
      third >> 8,
      third & 255,
    ];
    rows.push(2, ...row.map((byte, i) => (byte - (previous[i] as number)) & 255));
    previous = row;
  }
  const xrefBytes = deflateSync(Buffer.from(rows));
  add(
    `${xrefNumber} 0 obj\n<< /Type /XRef /Size ${xrefNumber + 1} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Columns 7 /Predictor 12 >> /Length ${xrefBytes.length} >>\nstream\n`,
  );
  add(xrefBytes);
  add(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`);
  return Buffer.concat(chunks);
}

/** An incremental update, as a viewer or a signing tool appends it: new objects, a table, a trailer with /Prev. */
function appendRevision(pdf: Buffer, objects: Record<number, string>, size: number): Buffer {
  const previous = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString("latin1"))?.[1];
  let body = "";
  const offsets: [number, number][] = [];
  for (const [num, object] of Object.entries(objects)) {
    offsets.push([Number(num), pdf.length + body.length]);
    body += `${num} 0 obj\n${object}\nendobj\n`;
  }
  const xref = pdf.length + body.length;
  body += "xref\n";
  for (const [num, offset] of offsets) body += `${num} 1\n${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${size} /Root 1 0 R /Prev ${previous} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(body, "latin1")]);
}

const kind = (pdf: Buffer) => findPdfProblem(pdf)?.kind ?? "ok";

describe("findPdfProblem accepts well-formed reports", () => {
  it.each([
    [
      "the demo data's writer",
      writePdf([{ rects: [], texts: [{ x: 40, y: 700, size: 12, text: "COA" }] }], { title: "t", author: "a" }),
    ],
    ["Chromium's print to PDF", fixture("chromium-report.pdf")],
    ["pdf-lib with object streams and a cross-reference stream", fixture("pdf-lib-report.pdf")],
    ["a classic table", tablePdf(baseObjects())],
    ["an opening view (OpenAction to a page)", tablePdf(baseObjects("/OpenAction [3 0 R /Fit] "))],
    [
      "a link to the lab's website",
      tablePdf(
        baseObjects(
          "",
          "/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (https://lab.example) >> >>] ",
        ),
      ),
    ],
    ["packed objects and a predicted cross-reference stream", streamPdf(baseObjects(), [2, 3])],
    ["an incremental update", appendRevision(tablePdf(baseObjects()), { 5: "<< /Title (Signed) >>" }, 6)],
    ["CRLF line ends", Buffer.from(tablePdf(baseObjects()).toString("latin1").replace(/ \n/g, "\r\n"), "latin1")],
  ])("%s", (_name, pdf) => {
    expect(findPdfProblem(pdf)).toBeNull();
  });
});

describe("findPdfProblem refuses damaged files", () => {
  const good = tablePdf(baseObjects());
  const chromium = fixture("chromium-report.pdf");

  it("refuses what is not a PDF at all in the words the form has always used", () => {
    const problem = findPdfProblem(Buffer.from("<html><script>alert(1)</script>"));
    expect(problem).toEqual({ kind: "not-pdf" });
    expect(pdfProblemMessage(problem ?? { kind: "not-pdf" })).toBe("The file is not a PDF.");
  });

  it.each([
    ["cut in half", good.subarray(0, good.length / 2)],
    ["cut before %%EOF", good.subarray(0, good.length - 7)],
    ["cut inside a compressed font (Chromium)", chromium.subarray(0, 10_000)],
    ["cut, with a tail copied from elsewhere", Buffer.concat([chromium.subarray(0, 10_000), chromium.subarray(-40)])],
    ["only a header", Buffer.from("%PDF-1.7\n")],
    ["random bytes after the header", Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(4096)])],
    [
      "random bytes between a header and a plausible end",
      Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(4096), Buffer.from("\nstartxref\n9\n%%EOF\n")]),
    ],
    ["an unknown version", Buffer.from(good.toString("latin1").replace("%PDF-1.4", "%PDF-9.9"), "latin1")],
    [
      "a cross-reference section that startxref misses",
      Buffer.from(good.toString("latin1").replace("endobj\n2 0 obj", "endobj\nhello\n2 0 obj"), "latin1"),
    ],
    // Whatever sits between objects is read even where every offset is right.
    ["markup between objects", tablePdf([...baseObjects(), "null\nendobj\n<script>alert(1)</script>\nnull"])],
    [
      "random bytes between objects",
      tablePdf([...baseObjects(), `null\nendobj\n${randomBytes(512).toString("latin1")}\nnull`]),
    ],
    [
      "a stream whose length is wrong",
      Buffer.from(
        good.toString("latin1").replace(`/Length ${content.length}`, `/Length ${content.length - 5}`),
        "latin1",
      ),
    ],
    [
      "an offset that misses its object",
      Buffer.from(
        good
          .toString("latin1")
          .replace(/0000000(\d{3}) 00000 n/, (_, n) => `0000000${String(Number(n) + 1).padStart(3, "0")} 00000 n`),
        "latin1",
      ),
    ],
    [
      "a table that lists an object the file does not have",
      Buffer.from(
        good.toString("latin1").replace("0 5\n", "0 6\n").replace("trailer", "0000009999 00000 n \ntrailer"),
        "latin1",
      ),
    ],
    ["no catalog", tablePdf(["<< /Type /Pages /Kids [] /Count 0 >>"])],
    ["nesting a thousand arrays deep", tablePdf(baseObjects(`/Deep ${"[".repeat(1000)}${"]".repeat(1000)} `))],
    ["a dictionary key that is not a name", tablePdf(baseObjects("(key) 1 "))],
    ["a name with a broken escape", tablePdf(baseObjects("/Odd#4 1 "))],
    ["garbage after %%EOF", Buffer.concat([good, Buffer.from("<script>alert(1)</script>")])],
  ])("%s", (_name, pdf) => {
    expect(kind(pdf)).toBe("damaged");
  });

  it("says so in words", () => {
    expect(pdfProblemMessage({ kind: "damaged", detail: "" })).toBe(
      "This file is not a complete, readable PDF. Please upload the lab's report as it was sent.",
    );
  });

  it("refuses an encrypted file, whose object streams cannot be checked", () => {
    const pdf = tablePdf(
      [...baseObjects(), "<< /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>"],
      "/Encrypt 5 0 R ",
    );
    expect(findPdfProblem(pdf)).toEqual({ kind: "encrypted" });
  });
});

describe("findPdfProblem refuses active content", () => {
  const script = "/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ";
  it.each([
    ["JavaScript on opening", tablePdf(baseObjects(script)), "JavaScript"],
    [
      "JavaScript with hex-escaped names",
      tablePdf(baseObjects("/OpenAction << /S /J#61vaScript /#4a#53 (app.alert(1)) >> ")),
      "JavaScript",
    ],
    ["hex escapes in lower case", tablePdf(baseObjects("/OpenAction << /S /#4a#61#76#61Script >> ")), "JavaScript"],
    [
      "a document-level script",
      tablePdf([
        ...baseObjects("/Names << /JavaScript 5 0 R >> "),
        "<< /Names [(x) 6 0 R] >>",
        "<< /S /JavaScript /JS (app.alert(1)) >>",
      ]),
      "JavaScript",
    ],
    [
      "a page's additional actions",
      tablePdf(baseObjects("", "/AA << /O << /S /GoTo /D [3 0 R /Fit] >> >> ")),
      "actions that run by themselves",
    ],
    ["JavaScript in a compressed object stream", streamPdf(baseObjects(script), [1, 2]), "JavaScript"],
    [
      "a hex-escaped name in a compressed object stream",
      streamPdf(baseObjects("/OpenAction << /S /J#61vaScript >> "), [1]),
      "JavaScript",
    ],
    [
      "JavaScript added by an incremental update",
      appendRevision(tablePdf(baseObjects()), { 1: `<< /Type /Catalog /Pages 2 0 R ${script}>>` }, 5),
      "JavaScript",
    ],
    [
      "an embedded file",
      tablePdf([
        ...baseObjects("/Names << /EmbeddedFiles << /Names [(run.exe) 5 0 R] >> >> "),
        "<< /Type /Filespec /F (run.exe) /EF << /F 6 0 R >> >>",
        "<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream",
      ]),
      "an attached file",
    ],
    [
      "a file attachment annotation",
      tablePdf(baseObjects("", "/Annots [<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 9 9] >>] ")),
      "an attached file",
    ],
    [
      "a Launch action",
      tablePdf(baseObjects("/OpenAction << /S /Launch /F (cmd.exe) >> ")),
      "an action that opens a program or file",
    ],
    [
      "rich media",
      tablePdf(baseObjects("", "/Annots [<< /Type /Annot /Subtype /RichMedia /Rect [0 0 9 9] >>] ")),
      "interactive media",
    ],
    ["an XFA form", tablePdf(baseObjects("/AcroForm << /Fields [] /XFA 5 0 R >> ")), "an XFA form"],
    ["a JavaScript name in the trailer", tablePdf(baseObjects(), "/JS 1 "), "JavaScript"],
    [
      "JavaScript in an object no table lists",
      tablePdf([...baseObjects(), "null\nendobj\n9 0 obj\n<< /S /JavaScript /JS (app.alert(1)) >>"]),
      "JavaScript",
    ],
  ])("%s", (_name, pdf, what) => {
    const problem = findPdfProblem(pdf);
    expect(problem).toMatchObject({ kind: "active", what });
    expect(pdfProblemMessage(problem ?? { kind: "encrypted" })).toBe(
      `This PDF contains ${what}, which a lab report must not. Please upload the report without it.`,
    );
  });
});
