// CSV as the shop writes and reads it: the product, rule, billing, report and PACT files, and the
// tests that read them back. Plain text in and out; the server adds the download's headers.

/**
 * CSV as RFC 4180 writes it (comma, CRLF, a quoted cell's quotes doubled), safe to open in a
 * spreadsheet: a text cell that starts like a formula (= + - @, or a tab or carriage return that
 * some spreadsheets skip before one) gets a leading apostrophe, so it is shown, never run (OWASP's
 * CSV injection advice). Numbers are written as they are, and so is a text cell that is only a
 * negative amount ("-0.40", a refund's share): it runs nothing, and a spreadsheet reads it as a number.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_AMOUNT = /^-\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) && !NEGATIVE_AMOUNT.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Excel reads a file as UTF-8 only when it starts with this mark (buyers' names are not all ASCII). */
export const CSV_BOM = "\uFEFF";

/**
 * A CSV text read into rows of cells (RFC 4180: quoted cells, doubled quotes, line breaks inside
 * quotes; CRLF or LF between rows; a leading byte order mark skipped). Blank lines are dropped.
 * A cell csvCell defended with an apostrophe ('=…) is read back as it was written before it.
 * Throws an Error with the line number when a quote is left open.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const body = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endCell = () => {
    cells.push(unguard(cell));
    cell = "";
  };
  const endRow = () => {
    endCell();
    if (!(cells.length === 1 && cells[0] === "")) rows.push({ line: rowLine, cells });
    cells = [];
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        cell += c;
      }
    } else if (c === '"' && cell === "") {
      quoted = true;
    } else if (c === ",") endCell();
    else if (c === "\n" || (c === "\r" && body[i + 1] === "\n")) {
      if (c === "\r") i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (quoted) throw new Error(`A quoted cell that starts on line ${rowLine} is never closed.`);
  if (cell !== "" || cells.length > 0) endRow();
  return rows;
}

/** Undoes csvCell's formula defence: "'=SUM(…)" is read as "=SUM(…)". */
function unguard(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
