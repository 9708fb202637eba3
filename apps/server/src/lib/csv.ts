/**
 * CSV as RFC 4180 writes it (comma, CRLF, a quoted cell's quotes doubled), safe to open in a
 * spreadsheet: a text cell that starts like a formula (= + - @, or a tab or carriage return that
 * some spreadsheets skip before one) gets a leading apostrophe, so it is shown, never run (OWASP's
 * CSV injection advice). Numbers are written as they are.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Excel reads a file as UTF-8 only when it starts with this mark (buyers' names are not all ASCII). */
export const CSV_BOM = "\uFEFF";
