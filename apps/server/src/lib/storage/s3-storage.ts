import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { checkKey, type FileStorage, isKey, type ListedFile, readAll, StorageError } from "./file-storage.ts";
import { sha256Hex, signRequest, uriEncode } from "./sigv4.ts";

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle: boolean;
}

const EMPTY_HASH = sha256Hex("");
const TIMEOUT_MS = 30_000;

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? "");
const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];

/**
 * Files in an S3-compatible bucket, through a small client of its own: each request signed with
 * AWS Signature Version 4 (sigv4.ts) and sent with node's fetch (docs/decisions/061 weighs it
 * against the AWS SDK). Errors name the endpoint, the bucket and the key, never a credential.
 */
export function createS3Storage(settings: S3Settings, options: { listPageSize?: number } = {}): FileStorage {
  const pageSize = options.listPageSize ?? 1000;
  const endpoint = new URL(settings.endpoint);
  const where = `${endpoint.origin} bucket ${settings.bucket}`;

  function urlOf(key: string, query: Record<string, string> = {}): URL {
    const encodedKey = key.split("/").map(uriEncode).join("/");
    const base = endpoint.pathname.replace(/\/$/, "");
    const url = settings.forcePathStyle
      ? new URL(`${endpoint.origin}${base}/${uriEncode(settings.bucket)}/${encodedKey}`)
      : new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}${base}/${encodedKey}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  async function send(
    method: "GET" | "PUT" | "HEAD" | "DELETE" | "POST",
    key: string,
    options: { query?: Record<string, string>; body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = urlOf(key, options.query);
    const headers = signRequest({
      method,
      url,
      headers: options.headers ?? {},
      payloadHash: options.body ? sha256Hex(options.body) : EMPTY_HASH,
      region: settings.region,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      now: new Date(),
    });
    try {
      return await fetch(url, {
        method,
        headers,
        body: options.body ? new Uint8Array(options.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).name;
      throw new StorageError(`The file store ${where} could not be reached (${method} ${key || "/"}: ${reason}).`);
    }
  }

  async function failure(response: Response, method: string, key: string): Promise<StorageError> {
    const text = method === "HEAD" ? "" : await response.text().catch(() => "");
    const code = tag(text, "Code");
    return new StorageError(
      `The file store ${where} answered ${response.status}${code ? ` ${code}` : ""} to ${method} ${key || "/"}.`,
    );
  }

  async function head(key: string): Promise<Response | null> {
    const response = await send("HEAD", checkKey(key));
    if (response.status === 404) return null;
    if (!response.ok) throw await failure(response, "HEAD", key);
    return response;
  }

  return {
    kind: "s3",
    where,

    async put(key, bytes, contentType) {
      const response = await send("PUT", checkKey(key), {
        body: bytes,
        headers: { "content-type": contentType, "content-length": String(bytes.length) },
      });
      if (!response.ok) throw await failure(response, "PUT", key);
      await response.body?.cancel();
    },

    async get(key) {
      if (!isKey(key)) return null;
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await failure(response, "GET", key);
      return {
        body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        size: Number(response.headers.get("content-length") ?? 0),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
        modifiedAt: new Date(response.headers.get("last-modified") ?? 0),
      };
    },

    async read(key) {
      const file = await this.get(key);
      return file ? readAll(file.body) : null;
    },

    async sizeOf(key) {
      if (!isKey(key)) return null;
      const response = await head(key);
      return response ? Number(response.headers.get("content-length") ?? 0) : null;
    },

    async exists(key) {
      return isKey(key) && (await head(key)) !== null;
    },

    async delete(key) {
      if (!isKey(key)) return;
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) throw await failure(response, "DELETE", key);
      await response.body?.cancel();
    },

    async deleteMany(keys) {
      const valid = keys.filter(isKey);
      for (let at = 0; at < valid.length; at += 1000) {
        const batch = valid.slice(at, at + 1000);
        const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
        const body = Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${batch
            .map((key) => `<Object><Key>${escapeXml(key)}</Key></Object>`)
            .join("")}</Delete>`,
        );
        // DeleteObjects: S3 wants the body's MD5 to be sure the list arrived whole.
        const response = await send("POST", "", {
          query: { delete: "" },
          body,
          headers: {
            "content-type": "application/xml",
            "content-md5": createHash("md5").update(body).digest("base64"),
            "content-length": String(body.length),
          },
        });
        if (!response.ok) throw await failure(response, "POST", `?delete (${batch.length} keys)`);
        const xml = await response.text();
        const failed = [...xml.matchAll(/<Error>([\s\S]*?)<\/Error>/g)].map(([, entry = ""]) => ({
          key: unescapeXml(tag(entry, "Key") ?? ""),
          code: tag(entry, "Code") ?? "",
        }));
        if (failed.length > 0) {
          const first = failed[0];
          throw new StorageError(
            `The file store ${where} did not delete ${failed.length} of ${batch.length} files (${first?.key}: ${first?.code}).`,
          );
        }
      }
    },

    async *list(prefix): AsyncIterable<ListedFile> {
      // ListObjects (version 1) with the last key as the marker: every S3-compatible store has it
      // (s3rver's ListObjectsV2 cannot page on Node 20: its continuation token needs a legacy cipher).
      let marker = "";
      for (;;) {
        const query: Record<string, string> = { prefix, "max-keys": String(pageSize) };
        if (marker) query.marker = marker;
        const response = await send("GET", "", { query });
        if (!response.ok) throw await failure(response, "GET", `?prefix=${prefix}`);
        const xml = await response.text();
        let last = "";
        for (const [, entry = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = unescapeXml(tag(entry, "Key") ?? "");
          last = key;
          yield { key, size: Number(tag(entry, "Size") ?? 0), modifiedAt: new Date(tag(entry, "LastModified") ?? 0) };
        }
        if (tag(xml, "IsTruncated") !== "true" || !last) return;
        marker = last;
      }
    },

    async check() {
      const response = await send("HEAD", "");
      if (!response.ok) throw await failure(response, "HEAD", "");
    },
  };
}
