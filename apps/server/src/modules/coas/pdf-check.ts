import { inflateSync } from "node:zlib";

/**
 * Whether a lab's upload is a well-formed PDF without active content (docs/decisions/021).
 *
 * The whole file is read as PDF syntax from its header to its last `%%EOF`: every byte belongs to
 * an object, a cross-reference section, a trailer or a comment. The cross-reference sections
 * (tables or streams, with their /Prev chain) must point at the objects where they are, and the
 * trailer at a catalog. Every dictionary, including those packed in compressed object streams,
 * is then searched for the names of scripts, attached files and the like, after their `#xx`
 * escapes are decoded. Readers repair broken files in ways of their own, so a file that needs
 * repair is refused rather than guessed at.
 */
export type PdfProblem =
  | { kind: "not-pdf" }
  | { kind: "damaged"; detail: string }
  | { kind: "encrypted" }
  | { kind: "active"; name: string; what: string };

/** Names that make a PDF run, open or send something; a lab report needs none of them. */
const FORBIDDEN_NAMES: Record<string, string> = {
  JavaScript: "JavaScript",
  JS: "JavaScript",
  AA: "actions that run by themselves",
  Launch: "an action that opens a program or file",
  EmbeddedFile: "an attached file",
  EmbeddedFiles: "an attached file",
  FileAttachment: "an attached file",
  GoToE: "an action that opens an attached file",
  RichMedia: "interactive media",
  Movie: "interactive media",
  Sound: "interactive media",
  Rendition: "interactive media",
  "3D": "interactive media",
  XFA: "an XFA form",
  SubmitForm: "a form that sends data",
  ImportData: "a form that loads data",
};

/** What the person who uploaded the file is told. */
export function pdfProblemMessage(problem: PdfProblem): string {
  if (problem.kind === "not-pdf") return "The file is not a PDF.";
  if (problem.kind === "encrypted") {
    return "This PDF is encrypted or password-protected. Please upload a copy without protection.";
  }
  if (problem.kind === "active") {
    return `This PDF contains ${problem.what}, which a lab report must not. Please upload the report without it.`;
  }
  return "This file is not a complete, readable PDF. Please upload the lab's report as it was sent.";
}

/** Nesting deeper than this is refused rather than followed (a stack of `[[[[…` is an attack, not a report). */
const MAX_DEPTH = 100;
/** All compressed object and cross-reference streams together may inflate to at most this. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

class Name {
  constructor(readonly value: string) {}
}
class Ref {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
class PdfString {}
type Value = null | boolean | number | Name | Ref | PdfString | Value[] | Dict;
type Dict = Map<string, Value>;

interface IndirectObject {
  num: number;
  gen: number;
  value: Value;
  /** The stream's dictionary is `value`; its bytes are data[start, end). */
  stream?: { start: number; end: number };
  /** Offset just after `endobj`. */
  end: number;
}

type XrefEntry = { type: 1; offset: number; gen: number } | { type: 2; stream: number; index: number };

class Damaged extends Error {}
class NotPdf extends Error {}
/** Names and object streams cannot be read without the key, so an encrypted file is not checked. */
class Encrypted extends Error {}
class Forbidden extends Error {
  constructor(readonly pdfName: string) {
    super(pdfName);
  }
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (byte: number | undefined) => byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

function damaged(detail: string): never {
  throw new Damaged(detail);
}

/** Reads PDF objects from one buffer (the file, or an inflated object stream). */
class Lexer {
  constructor(
    readonly data: Buffer,
    public pos = 0,
    readonly end = data.length,
  ) {}

  skipSpace(): void {
    while (this.pos < this.end) {
      const byte = this.data[this.pos] as number;
      if (WHITESPACE.has(byte)) this.pos++;
      else if (byte === 0x25) {
        while (this.pos < this.end && this.data[this.pos] !== 0x0a && this.data[this.pos] !== 0x0d) this.pos++;
      } else return;
    }
  }

  /** A run of regular characters (a number or a keyword) at the current position, without moving past spaces. */
  word(): string {
    const start = this.pos;
    while (this.pos < this.end && isRegular(this.data[this.pos])) this.pos++;
    return this.data.toString("latin1", start, this.pos);
  }

  peekWord(): string {
    const start = this.pos;
    const word = this.word();
    this.pos = start;
    return word;
  }

  expectWord(word: string): void {
    this.skipSpace();
    if (this.word() !== word) damaged(`expected ${word} at ${this.pos}`);
  }

  unsignedInteger(): number {
    this.skipSpace();
    const word = this.word();
    if (!/^\d{1,10}$/.test(word)) damaged(`expected a whole number at ${this.pos}`);
    return Number(word);
  }

  value(depth = 0): Value {
    if (depth > MAX_DEPTH) damaged("objects nested too deeply");
    this.skipSpace();
    if (this.pos >= this.end) damaged("the file ends inside an object");
    const byte = this.data[this.pos] as number;
    if (byte === 0x2f) return this.name();
    if (byte === 0x28) return this.literalString();
    if (byte === 0x3c) {
      if (this.data[this.pos + 1] === 0x3c) return this.dict(depth);
      return this.hexString();
    }
    if (byte === 0x5b) {
      this.pos++;
      const items: Value[] = [];
      for (;;) {
        this.skipSpace();
        if (this.data[this.pos] === 0x5d) {
          this.pos++;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    const word = this.word();
    if (word === "") damaged(`unexpected character at ${this.pos}`);
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    if (/^\d+$/.test(word)) {
      // `12 0 R` is a reference; otherwise the first number stands alone.
      const after = this.pos;
      this.skipSpace();
      const gen = this.word();
      if (/^\d+$/.test(gen)) {
        this.skipSpace();
        if (this.word() === "R") return new Ref(Number(word), Number(gen));
      }
      this.pos = after;
      return Number(word);
    }
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return Number(word);
    return damaged(`unknown keyword "${word.slice(0, 20)}" at ${this.pos}`);
  }

  name(): Name {
    this.pos++;
    const bytes: number[] = [];
    while (this.pos < this.end && isRegular(this.data[this.pos])) {
      const byte = this.data[this.pos] as number;
      if (byte === 0x23) {
        const high = hexValue(this.data[this.pos + 1]);
        const low = hexValue(this.data[this.pos + 2]);
        if (high < 0 || low < 0) damaged(`a name with a broken #xx escape at ${this.pos}`);
        bytes.push(high * 16 + low);
        this.pos += 3;
      } else {
        bytes.push(byte);
        this.pos++;
      }
    }
    const name = Buffer.from(bytes).toString("latin1");
    if (name in FORBIDDEN_NAMES) throw new Forbidden(name);
    return new Name(name);
  }

  literalString(): PdfString {
    this.pos++;
    let open = 1;
    while (this.pos < this.end) {
      const byte = this.data[this.pos++];
      if (byte === 0x5c) this.pos++;
      else if (byte === 0x28) open++;
      else if (byte === 0x29 && --open === 0) return new PdfString();
    }
    return damaged("the file ends inside a string");
  }

  hexString(): PdfString {
    this.pos++;
    while (this.pos < this.end) {
      const byte = this.data[this.pos++] as number;
      if (byte === 0x3e) return new PdfString();
      if (hexValue(byte) < 0 && !WHITESPACE.has(byte)) damaged(`a hex string with a stray character at ${this.pos}`);
    }
    return damaged("the file ends inside a hex string");
  }

  dict(depth: number): Dict {
    this.pos += 2;
    const dict: Dict = new Map();
    for (;;) {
      this.skipSpace();
      if (this.data[this.pos] === 0x3e && this.data[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return dict;
      }
      if (this.data[this.pos] !== 0x2f) damaged(`a dictionary key that is not a name at ${this.pos}`);
      const key = this.name().value;
      dict.set(key, this.value(depth + 1));
    }
  }
}

const isDict = (value: Value | undefined): value is Dict => value instanceof Map;
const nameOf = (value: Value | undefined) => (value instanceof Name ? value.value : undefined);

/** The bytes of an object or cross-reference stream: Flate, perhaps with PNG predictors, and nothing else. */
function inflate(data: Buffer, dict: Dict, budget: { left: number }): Buffer {
  const filters = [dict.get("Filter")].flat();
  const parms = [dict.get("DecodeParms")].flat();
  if (filters.length !== 1 || nameOf(filters[0]) !== "FlateDecode") {
    damaged("an object or cross-reference stream that is not simply Flate-compressed");
  }
  let inflated: Buffer;
  try {
    inflated = inflateSync(data, { maxOutputLength: Math.max(budget.left, 1) });
  } catch {
    return damaged("a compressed stream that does not inflate");
  }
  budget.left -= inflated.length;
  const decodeParms = parms[0];
  if (!isDict(decodeParms)) return inflated;
  const predictor = decodeParms.get("Predictor") ?? 1;
  if (predictor === 1) return inflated;
  if (typeof predictor !== "number" || predictor < 10 || predictor > 15) {
    return damaged("a stream predictor other than PNG's");
  }
  const columns = decodeParms.get("Columns") ?? 1;
  const colors = decodeParms.get("Colors") ?? 1;
  const bits = decodeParms.get("BitsPerComponent") ?? 8;
  if (typeof columns !== "number" || typeof colors !== "number" || typeof bits !== "number") {
    return damaged("stream decoding parameters that are not numbers");
  }
  return unpredictPng(inflated, Math.ceil((columns * colors * bits) / 8), Math.max(1, Math.ceil((colors * bits) / 8)));
}

/** Undoes PNG row filters (each row starts with its filter type), as cross-reference streams use them. */
function unpredictPng(input: Buffer, rowBytes: number, pixelBytes: number): Buffer {
  if (rowBytes < 1 || input.length % (rowBytes + 1) !== 0) damaged("a predicted stream of uneven rows");
  const rows = input.length / (rowBytes + 1);
  const output = Buffer.alloc(rows * rowBytes);
  for (let row = 0; row < rows; row++) {
    const filter = input[row * (rowBytes + 1)];
    const from = row * (rowBytes + 1) + 1;
    const to = row * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = input[from + i] as number;
      const left = i >= pixelBytes ? (output[to + i - pixelBytes] as number) : 0;
      const up = row > 0 ? (output[to - rowBytes + i] as number) : 0;
      const upLeft = row > 0 && i >= pixelBytes ? (output[to - rowBytes + i - pixelBytes] as number) : 0;
      let predicted: number;
      if (filter === 0) predicted = 0;
      else if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      } else return damaged("an unknown PNG row filter");
      output[to + i] = (raw + predicted) & 0xff;
    }
  }
  return output;
}

/** The file read as a PDF: every object, every cross-reference entry and every trailer. */
class PdfFile {
  readonly objectsAt = new Map<number, IndirectObject>();
  readonly xref = new Map<number, XrefEntry>();
  readonly trailers: Dict[] = [];
  readonly objectStreams = new Map<number, Map<number, Value>>();
  readonly budget = { left: MAX_INFLATED_BYTES };
  private readonly reading = new Set<number>();

  constructor(readonly data: Buffer) {}

  /** `num gen obj … endobj` starting exactly at an offset, read once. */
  objectAt(offset: number): IndirectObject {
    const known = this.objectsAt.get(offset);
    if (known) return known;
    if (!isDigit(this.data[offset])) damaged(`no object at ${offset}`);
    // A stream's length may be another object, but not one that is itself a stream measured so.
    if (this.reading.has(offset) || this.reading.size > 4) damaged("stream lengths that depend on each other");
    this.reading.add(offset);
    const lexer = new Lexer(this.data, offset);
    const num = lexer.unsignedInteger();
    const gen = lexer.unsignedInteger();
    lexer.expectWord("obj");
    const value = lexer.value();
    lexer.skipSpace();
    let stream: IndirectObject["stream"];
    if (lexer.peekWord() === "stream") {
      if (!isDict(value)) damaged("a stream without a dictionary");
      lexer.pos += "stream".length;
      if (this.data[lexer.pos] === 0x0d && this.data[lexer.pos + 1] === 0x0a) lexer.pos += 2;
      else if (this.data[lexer.pos] === 0x0a) lexer.pos += 1;
      else damaged(`no line break after "stream" at ${lexer.pos}`);
      const length = this.resolve(value.get("Length"));
      if (typeof length !== "number" || !Number.isInteger(length) || length < 0) damaged("a stream without a length");
      const start = lexer.pos;
      if (start + length > this.data.length) damaged("a stream longer than the file");
      stream = { start, end: start + length };
      lexer.pos = start + length;
      lexer.expectWord("endstream");
    }
    lexer.expectWord("endobj");
    const object = { num, gen, value, stream, end: lexer.pos };
    this.reading.delete(offset);
    this.objectsAt.set(offset, object);
    return object;
  }

  resolve(value: Value | undefined): Value | undefined {
    if (!(value instanceof Ref)) return value;
    const entry = this.xref.get(value.num);
    if (!entry) return undefined;
    if (entry.type === 1) {
      const object = this.objectAt(entry.offset);
      if (object.num !== value.num || object.gen !== value.gen)
        damaged(`object ${value.num} is not where it is listed`);
      return object.value;
    }
    return this.objectStream(entry.stream).get(value.num);
  }

  /** The objects packed in a compressed object stream, by number. */
  objectStream(num: number): Map<number, Value> {
    const entry = this.xref.get(num);
    if (entry?.type !== 1) return damaged(`object stream ${num} is not listed`);
    return this.readObjectStream(this.objectAt(entry.offset));
  }

  readObjectStream(object: IndirectObject): Map<number, Value> {
    const dict = object.value;
    if (!isDict(dict) || !object.stream || nameOf(dict.get("Type")) !== "ObjStm") {
      return damaged(`object ${object.num} is not an object stream`);
    }
    const known = this.objectStreams.get(object.stream.start);
    if (known) return known;
    const count = dict.get("N");
    const first = dict.get("First");
    if (
      typeof count !== "number" ||
      typeof first !== "number" ||
      !Number.isInteger(count) ||
      !Number.isInteger(first) ||
      first < 0
    ) {
      return damaged("an object stream without N or First");
    }
    const data = inflate(this.data.subarray(object.stream.start, object.stream.end), dict, this.budget);
    const header = new Lexer(data, 0, Math.min(first, data.length));
    const objects = new Map<number, Value>();
    for (let i = 0; i < count; i++) {
      const num = header.unsignedInteger();
      const offset = header.unsignedInteger();
      const lexer = new Lexer(data, first + offset);
      const value = lexer.value();
      lexer.skipSpace();
      const next = lexer.peekWord();
      if (next === "stream" || next === "obj" || next === "endobj")
        damaged("a stream or object inside an object stream");
      objects.set(num, value);
    }
    header.skipSpace();
    if (header.pos !== header.end) damaged("an object stream with more entries than it says");
    this.objectStreams.set(object.stream.start, objects);
    return objects;
  }

  /** The cross-reference section at `startxref` (a table and its trailer, or a stream) and those before it, newest first. */
  readXrefChain(offset: number): void {
    const seen = new Set<number>();
    let next: Value | undefined = offset;
    while (next !== undefined) {
      if (typeof next !== "number" || seen.has(next)) damaged("cross-reference sections that do not chain");
      seen.add(next);
      const lexer = new Lexer(this.data, next);
      let trailer: Dict;
      if (lexer.peekWord() === "xref") {
        trailer = readXrefTable(lexer, (num, entry) => {
          if (!this.xref.has(num)) this.xref.set(num, entry);
        });
        // A hybrid file lists its compressed objects in a stream beside the table.
        const hybrid = trailer.get("XRefStm");
        if (hybrid !== undefined) {
          if (typeof hybrid !== "number") damaged("a trailer whose XRefStm is not a number");
          this.readXrefStream(hybrid);
        }
      } else {
        trailer = this.readXrefStream(next);
      }
      this.trailers.push(trailer);
      next = trailer.get("Prev");
    }
  }

  readXrefStream(offset: number): Dict {
    const object = this.objectAt(offset);
    const dict = object.value;
    if (!isDict(dict) || !object.stream || nameOf(dict.get("Type")) !== "XRef") {
      return damaged("startxref points at neither a table nor a cross-reference stream");
    }
    const widths = dict.get("W");
    const size = dict.get("Size");
    const index = dict.get("Index") ?? [0, size ?? 0];
    if (
      !Array.isArray(widths) ||
      widths.length !== 3 ||
      !widths.every((w) => typeof w === "number" && w >= 0 && w <= 8)
    ) {
      damaged("a cross-reference stream with a broken W");
    }
    if (!Array.isArray(index) || index.length % 2 !== 0 || !index.every((n) => typeof n === "number")) {
      damaged("a cross-reference stream with a broken Index");
    }
    const [w1, w2, w3] = widths as number[];
    const rowBytes = (w1 as number) + (w2 as number) + (w3 as number);
    const rows = inflate(this.data.subarray(object.stream.start, object.stream.end), dict, this.budget);
    const field = (at: number, width: number) => {
      let value = 0;
      for (let i = 0; i < width; i++) value = value * 256 + (rows[at + i] as number);
      return value;
    };
    let at = 0;
    for (let pair = 0; pair < index.length; pair += 2) {
      const first = index[pair] as number;
      const count = index[pair + 1] as number;
      for (let i = 0; i < count; i++) {
        if (at + rowBytes > rows.length) damaged("a cross-reference stream shorter than its Index");
        const type = w1 === 0 ? 1 : field(at, w1 as number);
        const second = field(at + (w1 as number), w2 as number);
        const third = field(at + (w1 as number) + (w2 as number), w3 as number);
        at += rowBytes;
        if (this.xref.has(first + i) || type === 0) continue;
        if (type === 1) this.xref.set(first + i, { type: 1, offset: second, gen: third });
        else if (type === 2) this.xref.set(first + i, { type: 2, stream: second, index: third });
      }
    }
    return dict;
  }
}

/** A cross-reference table from its `xref` keyword to its trailer dictionary, which it answers. */
function readXrefTable(lexer: Lexer, onEntry: (num: number, entry: XrefEntry) => void): Dict {
  lexer.expectWord("xref");
  for (;;) {
    lexer.skipSpace();
    if (lexer.peekWord() === "trailer") break;
    const first = lexer.unsignedInteger();
    const count = lexer.unsignedInteger();
    lexer.skipSpace();
    for (let i = 0; i < count; i++) {
      // Twenty bytes each: offset, generation, n or f, and a two-byte line end (one byte is a common slip).
      const entry = /^(\d{10}) (\d{5}) ([nf])(\r\n|\r|\n| \r| \n)/.exec(
        lexer.data.toString("latin1", lexer.pos, lexer.pos + 20),
      );
      if (!entry) damaged(`a broken cross-reference entry at ${lexer.pos}`);
      lexer.pos += entry[0].length;
      if (entry[3] === "n") onEntry(first + i, { type: 1, offset: Number(entry[1]), gen: Number(entry[2]) });
    }
  }
  lexer.expectWord("trailer");
  const trailer = lexer.value();
  if (!isDict(trailer)) return damaged("a trailer that is not a dictionary");
  return trailer;
}

/** Finds what is wrong with a PDF, or null for a well-formed one without active content. */
export function findPdfProblem(data: Buffer): PdfProblem | null {
  try {
    check(data);
    return null;
  } catch (error) {
    if (error instanceof Forbidden) {
      return { kind: "active", name: error.pdfName, what: FORBIDDEN_NAMES[error.pdfName] as string };
    }
    if (error instanceof Damaged) return { kind: "damaged", detail: error.message };
    if (error instanceof Encrypted) return { kind: "encrypted" };
    if (error instanceof NotPdf) return { kind: "not-pdf" };
    throw error;
  }
}

function check(data: Buffer): void {
  if (data.toString("latin1", 0, 5) !== "%PDF-") throw new NotPdf();
  const header = /^%PDF-(1\.[0-7]|2\.0)[\r\n]/.exec(data.toString("latin1", 0, 10));
  if (!header) damaged("a PDF header of no known version");

  // The end: `startxref`, the offset of the last cross-reference section, `%%EOF`, then nothing.
  const tail = data.toString("latin1", Math.max(0, data.length - 1024));
  const end = /startxref[\r\n ]+(\d+)[\r\n ]+%%EOF[\0\t\n\f\r ]*$/.exec(tail);
  if (!end) damaged("no startxref and %%EOF at the end");
  const pdf = new PdfFile(data);
  pdf.readXrefChain(Number(end[1]));
  if (pdf.trailers.some((trailer) => trailer.has("Encrypt"))) throw new Encrypted();

  // The whole file from its header on: objects, cross-reference sections, trailers and comments only.
  const lexer = new Lexer(data, header[0].length);
  const objectOffsets = new Set<number>();
  for (;;) {
    lexer.skipSpace();
    if (lexer.pos >= data.length) break;
    const word = lexer.peekWord();
    if (word === "xref") {
      readXrefTable(lexer, () => {});
    } else if (word === "startxref") {
      lexer.pos += word.length;
      lexer.unsignedInteger();
    } else if (isDigit(data[lexer.pos])) {
      objectOffsets.add(lexer.pos);
      const object = pdf.objectAt(lexer.pos);
      lexer.pos = object.end;
      if (isDict(object.value) && nameOf(object.value.get("Type")) === "ObjStm") pdf.readObjectStream(object);
    } else {
      damaged(`something that is not PDF at ${lexer.pos}`);
    }
  }

  // Every listed object is where the list says, under its number.
  for (const [num, entry] of pdf.xref) {
    if (entry.type === 1) {
      const object = objectOffsets.has(entry.offset) ? pdf.objectsAt.get(entry.offset) : undefined;
      if (!object || object.num !== num || object.gen !== entry.gen) damaged(`object ${num} is not where it is listed`);
    } else if (!pdf.objectStream(entry.stream).has(num)) {
      damaged(`object ${num} is not in its object stream`);
    }
  }
  const root = pdf.resolve(pdf.trailers[0]?.get("Root"));
  if (!isDict(root) || nameOf(root.get("Type")) !== "Catalog") damaged("no document catalog");
}
