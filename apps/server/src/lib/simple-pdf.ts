/**
 * A small PDF 1.4 writer: pages of text in the standard Helvetica fonts and filled rectangles,
 * nothing more. The demo shop uses it to print its certificates of analysis without a PDF
 * library (docs/decisions/016). Coordinates are PDF points from the bottom-left corner.
 */

export type Rgb = [number, number, number];

export interface PdfText {
  x: number;
  y: number;
  size: number;
  text: string;
  bold?: boolean;
  color?: Rgb;
}

export interface PdfRect {
  x: number;
  y: number;
  width: number;
  height: number;
  color: Rgb;
}

export interface PdfPage {
  rects: PdfRect[];
  texts: PdfText[];
}

/** US Letter. */
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

const replacements: Record<string, string> = {
  "–": "-",
  "—": "-",
  "×": "x",
  µ: "u",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  "≤": "<=",
  "≥": ">=",
};

/** The standard fonts' WinAnsi encoding covers ASCII for sure; anything else is spelled in ASCII. */
function pdfString(text: string): string {
  const ascii = [...text]
    .map((char) => replacements[char] ?? char)
    .join("")
    .replace(/[^\x20-\x7e]/g, "?");
  return `(${ascii.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

const number = (value: number) => String(Math.round(value * 100) / 100);
const colour = (rgb: Rgb) => rgb.map((part) => number(part / 255)).join(" ");

function contentStream(page: PdfPage): string {
  const lines: string[] = [];
  for (const rect of page.rects) {
    lines.push(
      `${colour(rect.color)} rg ${number(rect.x)} ${number(rect.y)} ${number(rect.width)} ${number(rect.height)} re f`,
    );
  }
  for (const text of page.texts) {
    lines.push(
      `BT /${text.bold ? "F2" : "F1"} ${number(text.size)} Tf ${colour(text.color ?? [0, 0, 0])} rg ${number(text.x)} ${number(
        text.y,
      )} Td ${pdfString(text.text)} Tj ET`,
    );
  }
  return lines.join("\n");
}

/** The PDF's bytes: catalog, page tree, two fonts, document info, then each page and its content. */
export function writePdf(pages: PdfPage[], info: { title: string; author: string }): Buffer {
  if (pages.length === 0) throw new Error("A PDF needs at least one page");
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Producer (Leaf & Cloud demo data) >>`;
  for (const [index, page] of pages.entries()) {
    const id = pageIds[index] as number;
    const stream = contentStream(page);
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`;
  }

  // The header's second line holds bytes above 127 so that tools treat the file as binary.
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, "latin1");
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
