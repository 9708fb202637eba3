import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";
import { dayOf } from "@shop/shared/rules";
import { Ajv, type ValidateFunction } from "ajv";
import formats from "ajv-formats";
import fc from "fast-check";
import { multipart } from "./forms.ts";

/** The parts of an OpenAPI 3.0 document that the fuzz reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}
export interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One request the fuzz sends: what app.inject takes, with a line that says what it is. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** How the request was built (valid, mutated, broken transport), for the failure report. */
  kind: string;
}

/** Values known to exist (ids, slugs, lot numbers), by parameter or field name in lower case. */
export type KnownValues = Record<string, string[]>;

const METHODS_WITH_BODY = new Set(["post", "put", "patch", "delete"]);

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const name = current.$ref.replace("#/components/schemas/", "");
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved ${current.$ref}`);
    current = target;
  }
  return current;
}

// ---------------------------------------------------------------------------------------------
// Values that break things: wrong types, edges of number ranges, odd unicode, huge strings.

const oddStrings = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e9",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  " 7 ",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF\uD800",
  "\u202Eevil.exe",
  "e\u0301\u0301\u0301",
  "\uFEFF",
  "\u200B",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "🧪".repeat(300),
  "x".repeat(70_000),
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00",
  "%E0%A4%A",
  "__proto__",
  "constructor",
  "toString",
  "2026-02-30",
  "0000-00-00",
  "9999-12-31",
  "1900-01-01",
  "a@b",
  "@",
  "user@example.com",
];

const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...oddStrings) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-composite", maxLength: 40 }) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(null, true, false, 0, -0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 31)),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) },
);

// ---------------------------------------------------------------------------------------------
// Values that a schema allows, with hints by field name so that requests get past validation.

const day = fc.date({ min: new Date("1900-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map(dayOf);

/** Text that a form field may hold: words, numbers as text, days, flags. */
const plausibleText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 30 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 100_000 }).map((n) => (n / 1000).toFixed(3)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 500 }).map(String) },
  { weight: 1, arbitrary: day },
  { weight: 1, arbitrary: fc.constantFrom("true", "false", "on", "") },
);

/** Values a field of this name takes in this shop, so that requests get past validation. */
function hinted(name: string, known: KnownValues): fc.Arbitrary<unknown> | undefined {
  const lower = name.toLowerCase();
  const ids = known[lower] ?? (lower.endsWith("id") && lower !== "id" ? known.id : undefined);
  if (ids?.length) return fc.constantFrom(...ids);
  if (lower.includes("email")) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.stringMatching(/^[a-z]{1,12}(\.[a-z0-9]{1,6})?@[a-z]{2,10}\.(com|org|shop)$/) },
      { weight: 1, arbitrary: fc.constantFrom(...(known.email ?? ["a@b.co"])) },
      { weight: 1, arbitrary: fc.emailAddress() },
    );
  }
  if (lower.includes("password")) return fc.string({ minLength: 8, maxLength: 30 });
  if (lower.includes("date")) return day;
  if (lower.includes("price")) return fc.integer({ min: 1, max: 100_000 }).map((cents) => (cents / 100).toFixed(2));
  if (lower === "pcsperpack" || lower === "packperbox") return fc.integer({ min: 1, max: 50 }).map(String);
  if (lower === "stock" || lower === "position") return fc.integer({ min: 0, max: 9999 }).map(String);
  if (lower === "phone") return fc.constantFrom("", "5551234567", "(555) 123-4567", "+1 555 123 4567");
  if (lower === "acceptterms") return fc.constantFrom(true, "true", "on");
  // A lab's figures: percentages and milligrams as printed.
  if (/thc|cbd|cbg|cbn|hhc|mitragyn|share/.test(lower)) {
    return fc.integer({ min: 0, max: 99_999 }).map((n) => (n / 1000).toString());
  }
  if (lower === "lotnumber") return fc.stringMatching(/^[A-Z0-9]{2,8}-[0-9]{2,6}$/);
  if (lower === "linkurl") return fc.constantFrom("/products", "https://example.com/deal", "");
  return undefined;
}

function acceptsText(schema: Schema): boolean {
  return (
    (schema.type === "string" && schema.format !== "binary" && !schema.enum) ||
    (schema.anyOf ?? schema.oneOf ?? []).some((choice) => choice.type === "string" && !choice.enum)
  );
}

function validValue(
  document: OpenApiDocument,
  schema: Schema,
  known: KnownValues,
  name = "",
  depth = 0,
): fc.Arbitrary<unknown> {
  const resolved = resolve(document, schema);
  let value = validBase(document, resolved, known, name, depth);
  const hint = acceptsText(resolved) ? hinted(name, known) : undefined;
  if (hint) value = fc.oneof({ weight: 4, arbitrary: hint }, { weight: 1, arbitrary: value });
  return resolved.nullable ? fc.option(value, { nil: null, freq: 6 }) : value;
}

function validBase(
  document: OpenApiDocument,
  schema: Schema,
  known: KnownValues,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(document, choice, known, "", depth)));
  if (schema.allOf?.[0]) return validValue(document, schema.allOf[0], known, name, depth);
  switch (schema.type) {
    case "string": {
      if (schema.format === "binary") return fileValue;
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return fc.oneof(day, fc.stringMatching(pattern)).filter((text) => pattern.test(text));
      }
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
      return fc.oneof(
        { weight: 1, arbitrary: fc.string({ minLength, maxLength }) },
        { weight: 3, arbitrary: plausibleText.map((text) => text.padEnd(minLength, "x").slice(0, maxLength)) },
      );
    }
    case "integer": {
      const min = Math.max(schema.minimum ?? -1_000_000, -(2 ** 31));
      const max = Math.min(schema.maximum ?? 1_000_000, 2 ** 31);
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.integer({ min, max }));
    }
    case "number":
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = schema.minItems ?? 0;
      const item = schema.items ? validValue(document, schema.items, known, name, depth + 1) : fc.jsonValue();
      return fc.array(item, { minLength, maxLength: Math.min(schema.maxItems ?? 4, minLength + 4) });
    }
    case "object": {
      // Optional fields are left out more often than not, so that a form of many gets through.
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).map(([key, property]) => {
        const value = validValue(document, property, known, key, depth + 1).map((v): [string, unknown] => [key, v]);
        return required.has(key)
          ? value
          : fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });
      });
      return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== null)));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Files: a real picture and a real PDF now and then, else bytes that are neither. */
let samples: Buffer[] = [Buffer.from("%PDF-1.4\n%%EOF\n")];
export function setSampleFiles(files: Buffer[]): void {
  samples = files;
}
const fileValue: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null).map(() => samples[0] as Buffer) },
  { weight: 3, arbitrary: fc.nat().map((i) => samples[i % samples.length] as Buffer) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Buffer.alloc(0),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x3c, 0x68, 0x74, 0x6d, 0x6c]),
      Buffer.from("%PDF-1.7\n<html>"),
    ),
  },
);

// ---------------------------------------------------------------------------------------------
// Bodies: valid ones, ones with a field gone, added or of the wrong type, and broken transports.

function mutatedBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.constantFrom("drop", "extra", "replace", "replace", "whole"), fc.nat(), hostileValue)
    .map(([body, how, pick, hostile]) => {
      if (how === "whole" || typeof body !== "object" || body === null || Array.isArray(body)) return hostile;
      const copy: Record<string, unknown> = { ...body };
      const keys = Object.keys(copy);
      const key = keys[pick % Math.max(keys.length, 1)];
      if (how === "drop" && key) delete copy[key];
      else if (how === "extra") copy[["role", "isAdmin", "price", "__proto__", "extra"][pick % 5] as string] = hostile;
      else if (key) copy[key] = hostile;
      return copy;
    });
}

/** A multipart form from a body object: strings as fields, Buffers as files, a list as repeats. */
function formFrom(body: unknown): { payload: Buffer; headers: Record<string, string> } {
  const source = typeof body === "object" && body !== null && !Array.isArray(body) ? body : { value: body };
  const fields: Parameters<typeof multipart>[0] = {};
  for (const [name, value] of Object.entries(source)) {
    const items = Array.isArray(value) ? value : [value];
    fields[name] = items.map((item) =>
      Buffer.isBuffer(item)
        ? { file: item, filename: "upload.bin" }
        : typeof item === "string"
          ? item
          : JSON.stringify(item ?? null),
    );
  }
  return multipart(fields);
}

function jsonText(body: unknown): string {
  return JSON.stringify(body, (_key, value) => (Buffer.isBuffer(value) ? value.toString("base64") : value)) ?? "null";
}

const brokenJson = fc.constantFrom(
  "{",
  "}",
  "[",
  '{"a":}',
  "{'a':1}",
  "nul",
  '{"a":1,}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  '{"a":'.repeat(2000),
  "\uFEFF{}",
  "1e999999",
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '{"a":1,"a":2}',
  "",
  "null",
  "[]",
  '"text"',
);

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16le",
  "application/json; charset=latin1",
  'application/json; charset=""',
  "application/json; charset=x-unknown",
  "application/json;;;",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/json-patch+json",
  "text/plain",
  "text/html",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "multipart/mixed; boundary=x",
  "application/octet-stream",
  "*/*",
  "application/json, text/plain",
  "garbage",
);

const contentEncodings = fc.constantFrom("gzip", "deflate", "br", "identity", "x-unknown", "gzip, gzip", "GZIP");

/** A body with a broken transport: bad JSON, a wrong type or encoding, or too many bytes. */
function brokenTransport(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Omit<FuzzRequest, "method" | "url">> {
  const text = valid.map(jsonText);
  return fc.oneof(
    fc.tuple(text, fc.nat()).map(([json, cut]) => ({
      kind: "truncated JSON",
      headers: { "content-type": "application/json" },
      payload: json.slice(0, cut % Math.max(json.length, 1)),
    })),
    brokenJson.map((payload) => ({ kind: "broken JSON", headers: { "content-type": "application/json" }, payload })),
    fc.tuple(text, contentTypes).map(([payload, type]) => ({
      kind: "another content type",
      headers: { "content-type": type },
      payload,
    })),
    fc.tuple(text, contentEncodings).map(([payload, encoding]) => ({
      kind: "a content encoding the body does not have",
      headers: { "content-type": "application/json", "content-encoding": encoding },
      payload,
    })),
    text.map((json) => ({
      kind: "gzipped JSON",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(json),
    })),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
      kind: "bytes that are not UTF-8",
      headers: { "content-type": "application/json; charset=utf-8" },
      payload: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(bytes)]),
    })),
    fc.constant({
      kind: "a body over the limit",
      headers: { "content-type": "application/json" },
      payload: `"${"x".repeat(1024 * 1024 + 10)}"`,
    }),
    fc.constant({ kind: "no content type", headers: {}, payload: "{}" }),
  );
}

// ---------------------------------------------------------------------------------------------
// Whole requests.

function queryString(pairs: [string, unknown][], raw: string | null): string {
  const search = new URLSearchParams();
  for (const [name, value] of pairs) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, typeof item === "string" ? item : JSON.stringify(item ?? ""));
    }
  }
  const text = [search.toString(), raw].filter(Boolean).join("&");
  return text ? `?${text}` : "";
}

const rawQueries = fc.constantFrom(
  "%",
  "%E0%A4%A",
  "a=%zz",
  "&&&",
  "=",
  "a[b]=1",
  "__proto__=1",
  "constructor[prototype][x]=1",
  "page=1&page=2",
  "q=%F0%9F%F0%9F",
  "limit=-1",
  "page=99999999999999999999",
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function pathValue(parameter: Parameter, document: OpenApiDocument, known: KnownValues): fc.Arbitrary<string> {
  const known_ = known[parameter.name.toLowerCase()] ?? [];
  const fromSchema = validValue(document, parameter.schema, known, parameter.name).map((value) =>
    encodeURIComponent(String(value)),
  );
  return fc.oneof(
    ...(known_.length ? [{ weight: 3, arbitrary: fc.constantFrom(...known_).map(encodeURIComponent) }] : []),
    { weight: 2, arbitrary: fromSchema },
    { weight: 2, arbitrary: oddString.map((text) => encodeURIComponent(text.replace(LONE_SURROGATE, "\uFFFD"))) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%E0%A4%A", "..", "%2e%2e", "%2F", "a%00b", "x".repeat(5000)) },
  );
}

function queryPairs(
  operation: Operation,
  document: OpenApiDocument,
  known: KnownValues,
): fc.Arbitrary<[string, unknown][]> {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === "query");
  const each = parameters.map((parameter) => {
    const valid = validValue(document, parameter.schema, known, parameter.name);
    const value = parameter.required ? valid : fc.option(valid, { nil: undefined, freq: 2 });
    return value.map((v): [string, unknown] => [parameter.name, v]);
  });
  // Now and then one parameter of the wrong kind, or one that the route does not know.
  const broken = fc.tuple(fc.nat(), hostileValue, fc.constantFrom("extra", "role", "__proto__", "sort", "limit"));
  return fc
    .tuple(fc.tuple(...each), fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: broken }))
    .map(([pairs, wrong]) => {
      if (!wrong) return pairs;
      const [pick, value, extra] = wrong;
      const at = pick % (pairs.length + 1);
      return at < pairs.length
        ? pairs.map((pair, i): [string, unknown] => (i === at ? [pair[0], value] : pair))
        : [...pairs, [extra, value]];
    });
}

function bodyRequest(
  operation: Operation,
  document: OpenApiDocument,
  known: KnownValues,
): fc.Arbitrary<Omit<FuzzRequest, "method" | "url">> {
  const content = operation.requestBody?.content ?? {};
  const types = Object.keys(content);
  const schema = content["application/json"]?.schema ?? content["multipart/form-data"]?.schema;
  const valid = schema ? validValue(document, schema, known) : fc.constant({});
  const encoded = (type: string) => (body: unknown) =>
    type === "multipart/form-data"
      ? { kind: `${type}`, ...formFrom(body) }
      : { kind: type, headers: { "content-type": "application/json" }, payload: jsonText(body) };
  const asDocumented = (body: fc.Arbitrary<unknown>, label: string) =>
    fc.tuple(body, fc.constantFrom(...(types.length ? types : ["application/json"]))).map(([value, type]) => {
      const request = encoded(type)(value);
      return { ...request, kind: `${label} ${request.kind}` };
    });
  return fc.oneof(
    { weight: 4, arbitrary: asDocumented(valid, "valid") },
    { weight: 4, arbitrary: asDocumented(mutatedBody(valid), "mutated") },
    { weight: 3, arbitrary: brokenTransport(valid) },
    { weight: 1, arbitrary: fc.constant({ kind: "no body", headers: {} }) },
  );
}

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    "accept-encoding": fc.constantFrom("gzip", "br", "deflate", "identity", "*", "gzip;q=0, br;q=0"),
    accept: fc.constantFrom("application/json", "text/html", "application/xml", "*/*", "image/webp"),
    "if-none-match": fc.constantFrom('"abc"', "*", 'W/"x"'),
    "sec-fetch-site": fc.constantFrom("same-origin", "none"),
    // The test shop's own origin: with no PUBLIC_URL, this port (3000) on localhost.
    origin: fc.constant("http://localhost:3000"),
    "accept-language": fc.constantFrom("en", "xx", "*"),
  },
  { requiredKeys: [] },
);

/** Requests for one documented operation: from its schemas, mutated and broken. */
export function requestsFor(
  document: OpenApiDocument,
  path: string,
  method: string,
  known: KnownValues,
): fc.Arbitrary<FuzzRequest> {
  const operation = document.paths[path]?.[method] as Operation;
  const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === "path");
  const url = fc
    .tuple(
      fc.tuple(...pathParameters.map((parameter) => pathValue(parameter, document, known))),
      queryPairs(operation, document, known),
      fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: rawQueries }),
    )
    .map(([values, pairs, raw]) => {
      let filled = path;
      pathParameters.forEach((parameter, i) => {
        filled = filled.replace(`{${parameter.name}}`, values[i] as string);
      });
      return filled + queryString(pairs, raw);
    });
  const body = METHODS_WITH_BODY.has(method)
    ? bodyRequest(operation, document, known)
    : fc.constant({ kind: "no body", headers: {} } as Omit<FuzzRequest, "method" | "url">);
  return fc.tuple(url, body, extraHeaders).map(([target, request, headers]) => ({
    method: method.toUpperCase(),
    url: target,
    ...request,
    headers: { ...headers, ...request.headers },
  }));
}

// ---------------------------------------------------------------------------------------------
// Answers: the document's response schema for the status, checked with a JSON Schema validator.

/** OpenAPI 3.0's `nullable` as JSON Schema (ajv refuses `nullable` beside a $ref or allOf). */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== "object" || node === null) return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, toJsonSchema(value)]));
  if (nullable !== true) return converted;
  const { description, ...schema } = converted;
  return { ...(description ? { description } : {}), anyOf: [schema, { type: "null" }] };
}

const pointer = (...segments: string[]) =>
  segments.map((segment) => encodeURIComponent(segment.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/");

export function createAnswerChecker(document: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  formats.default(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema(toJsonSchema(document) as object, "openapi");
  const validators = new Map<string, ValidateFunction>();
  let apiError: ValidateFunction | undefined;

  function validator(path: string, method: string, status: string, type: string): ValidateFunction {
    const at = pointer("paths", path, method, "responses", status, "content", type, "schema");
    let validate = validators.get(at);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#/${at}` });
      validators.set(at, validate);
    }
    return validate;
  }

  /**
   * The documented route that a URL reaches: a path parameter such as "" or ".." leads to another
   * route ("/api/Product/" is the list), or to none.
   */
  const templates = Object.keys(document.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
          .join("[^/]*")}$`,
        "i",
      ),
    }))
    .sort((a, b) => a.params - b.params);
  function routeOf(url: string, method: string): string | null {
    // The router drops one trailing slash, and takes an empty parameter ("/api/staff//disable").
    const path = new URL(url, "http://localhost").pathname.replace(/(.)\/$/, "$1");
    return templates.find((t) => t.pattern.test(path) && document.paths[t.template]?.[method])?.template ?? null;
  }

  /** What is wrong with an answer to a request, or null. */
  return function check(
    method: string,
    url: string,
    answer: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  ): string | null {
    const status = answer.statusCode;
    if (status >= 500) return `answered ${status}`;
    const path = routeOf(url, method);
    const bytes = decoded(answer);
    const type =
      String(answer.headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim() ?? "";
    if (!path) {
      // No route: 404, unless the body could not even be read (that is checked first).
      if (![400, 404, 413, 415].includes(status)) return `answered ${status} for a URL that no route takes`;
      const validate = apiError ?? ajv.compile({ $ref: "openapi#/components/schemas/ApiError" });
      apiError = validate;
      return type === "application/json" && validate(safeJson(bytes))
        ? null
        : `answered ${status} for a URL that no route takes, not as an ApiError`;
    }
    const responses = document.paths[path]?.[method]?.responses ?? {};
    // "default" describes the errors a route gives beside those it lists; answers that succeed are listed.
    const key =
      String(status) in responses ? String(status) : status >= 400 && "default" in responses ? "default" : null;
    if (!key) return `${path} answered ${status}, which the document does not list for it`;
    const documented = responses[key]?.content;
    if (!documented || Object.keys(documented).length === 0 || status === 204 || status === 304) {
      return bytes.length === 0 ? null : `${path} answered ${status} with a body the document does not describe`;
    }
    if (!(type in documented)) {
      return `${path} answered ${status} as ${type || "no content type"}; the document says ${Object.keys(documented).join(", ")}`;
    }
    if (type !== "application/json") return bytes.length > 0 ? null : `${path} answered ${status} with no body`;
    const body = safeJson(bytes);
    if (body === undefined) return `${path} answered ${status} with a body that is not JSON`;
    const validate = validator(path, method, key, type);
    if (validate(body)) return null;
    return `${path} answered ${status} with a body that does not match its schema: ${ajv.errorsText(validate.errors)}; body ${bytes.toString("utf8").slice(0, 300)}`;
  };
}

function safeJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined;
  }
}

function decoded(answer: { headers: Record<string, unknown>; rawPayload: Buffer }): Buffer {
  const encoding = String(answer.headers["content-encoding"] ?? "");
  if (encoding === "gzip") return gunzipSync(answer.rawPayload);
  if (encoding === "br") return brotliDecompressSync(answer.rawPayload);
  if (encoding === "deflate") return inflateSync(answer.rawPayload);
  return answer.rawPayload;
}

/** Every documented route and method, as [path, method]. */
export function operationsOf(document: OpenApiDocument): [string, string][] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method): [string, string] => [path, method]),
  );
}

/** A request as a short text for the failure report (long payloads cut). */
export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ""
      : ` payload(${request.payload.length}) ${JSON.stringify(request.payload.toString().slice(0, 300))}`;
  return `${request.kind}: ${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)}${payload}`;
}
