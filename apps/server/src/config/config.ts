import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { STORE_NAME } from "@shop/shared";
import { z } from "zod";
import { privateFolder } from "../lib/private-files.ts";
import type { S3Settings } from "../lib/storage/s3-storage.ts";
import type { VeratadOptions } from "../modules/identity/veratad.ts";
import { AUTHORIZE_NET_ENDPOINTS, type AuthorizeNetSettings } from "../modules/payments/authorize-net.ts";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  EXTRA_ORIGINS: z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be http:// or https:// addresses separated by commas" })))
    .optional(),
  SESSION_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).max(128).optional(),
  TRUST_PROXY: z.string().optional(),
  PASSWORD_HASH_COST: z.enum(["owasp", "test-low"]).default("owasp"),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: "must be 1 to 64 letters, digits, '_', '.', ':' or '-'" })
    .default("shop:"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: "must be a bucket name (3-63 lower-case letters, digits, dots, dashes)",
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: "must be a region name such as us-east-1" })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  AUTHORIZE_NET_API_LOGIN_ID: z.string().min(1).max(25).optional(),
  AUTHORIZE_NET_TRANSACTION_KEY: z.string().min(1).max(16).optional(),
  AUTHORIZE_NET_CLIENT_KEY: z.string().min(1).optional(),
  AUTHORIZE_NET_SIGNATURE_KEY: z.string().min(1).optional(),
  AUTHORIZE_NET_MODE: z.enum(["sandbox", "live"], { error: "must be sandbox or live" }).default("sandbox"),
  AUTHORIZE_NET_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  AUTHORIZE_NET_SCRIPT_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  AUTHORIZE_NET_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  VERATAD_USER: z.string().min(1).optional(),
  VERATAD_PASS: z.string().min(1).optional(),
  VERATAD_TEST_KEY: z.string().min(1).max(100).optional(),
  VERATAD_AGEMATCH_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  VERATAD_DCAMS_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  VERATAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
});

/** The settings that must all be given for object storage (the others have defaults). */
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The settings that must all be given for card payments through Authorize.net (docs/decisions/101). */
export const AUTHORIZE_NET_REQUIRED = [
  "AUTHORIZE_NET_API_LOGIN_ID",
  "AUTHORIZE_NET_TRANSACTION_KEY",
  "AUTHORIZE_NET_CLIENT_KEY",
  "AUTHORIZE_NET_SIGNATURE_KEY",
] as const;

function allowedOrigins(publicUrl: string | undefined, extra: string[], port: number): string[] {
  const local = ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${port}`);
  const origins = [...(publicUrl ? [publicUrl] : local), ...extra].map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/** The names proxy-addr (Fastify's trustProxy) knows for ranges of addresses. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: which reverse proxies may say who the client is (X-Forwarded-For, -Proto, -Host).
 * A number of hops, or addresses, CIDR ranges and range names separated by commas. Unset, no
 * proxy is trusted and the client is the address the connection comes from.
 */
function parseTrustProxy(value: string | undefined): { value?: false | number | string[]; problem?: string } {
  if (value === undefined) return { value: false };
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) return { problem: "a number of proxies must be from 1 to 10" };
    return { value: hops };
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyEntry(entry));
  if (wrong.length > 0) {
    return {
      problem: `${wrong.map((entry) => `'${entry}'`).join(", ")} is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`,
    };
  }
  return { value: entries };
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * The origins whose pages may change something (the same-origin check): PUBLIC_URL's, those of
   * EXTRA_ORIGINS, and, while PUBLIC_URL is unset (a shop run on this machine), this port on the
   * loopback names. Never the request's own Host, which whoever sends the request chooses.
   */
  allowedOrigins: string[];
  sessionSecret: string;
  logLevel: (typeof logLevels)[number];
  /** Where mail goes; without it each message is written to DATA_DIR/mail as an .eml file. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The first Owner, created at first start when no Owner exists. */
  adminEmail: string;
  adminPassword: string | undefined;
  /** Fastify's trustProxy: false (the default), a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** argon2id's cost: OWASP's minimum everywhere but in the test suite (docs/decisions/027). */
  passwordHashCost: "owasp" | "test-low";
  /** Where instances share rate limits and news of changes (docs/decisions/060); unset: each alone. */
  redisUrl: string | undefined;
  /** Starts every Redis key and channel of this shop, so shops sharing one Redis stay apart. */
  redisPrefix: string;
  /** Files in an S3-compatible bucket (docs/decisions/061); undefined keeps them under DATA_DIR. */
  s3: S3Settings | undefined;
  /** Card payments through Authorize.net (docs/decisions/101); undefined: no card gateway. */
  authorizeNet: AuthorizeNetSettings | undefined;
  /** Veratad's account for the identity check (docs/decisions/099); undefined: no provider from the environment. */
  veratad: VeratadOptions | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/** Reads the environment once at start-up; throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === "" ? undefined : value]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const values = parsed.data;
  const problems: string[] = [];
  if (values.NODE_ENV === "production" && !values.SESSION_SECRET) {
    problems.push("SESSION_SECRET: required in production (at least 32 random characters)");
  }
  if (values.PASSWORD_HASH_COST !== "owasp" && values.NODE_ENV !== "test") {
    problems.push("PASSWORD_HASH_COST: only the test suite (NODE_ENV=test) may lower the cost of password hashing");
  }
  const trustProxy = parseTrustProxy(values.TRUST_PROXY);
  if (trustProxy.problem) problems.push(`TRUST_PROXY: ${trustProxy.problem}`);
  const s3Given = Object.entries(values).some(([name, value]) => name.startsWith("S3_") && value !== undefined);
  const s3Missing = S3_REQUIRED.filter((name) => values[name] === undefined);
  if (s3Given && s3Missing.length > 0) {
    problems.push(
      `${s3Missing.join(", ")}: required with the other S3_* settings (object storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; give none to keep files in DATA_DIR)`,
    );
  }
  const cardGiven = AUTHORIZE_NET_REQUIRED.some((name) => values[name] !== undefined);
  const cardMissing = AUTHORIZE_NET_REQUIRED.filter((name) => values[name] === undefined);
  if (cardGiven && cardMissing.length > 0) {
    problems.push(
      `${cardMissing.join(", ")}: required with the other AUTHORIZE_NET_* settings (card payments need the API login ID, the transaction key, the public client key and the signature key; give none to take no cards)`,
    );
  }
  if (Boolean(values.VERATAD_USER) !== Boolean(values.VERATAD_PASS)) {
    problems.push("VERATAD_USER, VERATAD_PASS: give both for the identity check, or neither");
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = path.resolve(values.DATA_DIR);
  const shownHost = values.HOST === "0.0.0.0" || values.HOST === "::" ? "localhost" : values.HOST;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://${shownHost}:${values.PORT}`).replace(/\/$/, ""),
    allowedOrigins: allowedOrigins(values.PUBLIC_URL, values.EXTRA_ORIGINS ?? [], values.PORT),
    sessionSecret: values.SESSION_SECRET ?? localSessionSecret(dataDir),
    logLevel: values.LOG_LEVEL,
    smtpUrl: values.SMTP_URL,
    mailFrom:
      values.MAIL_FROM ?? `"${STORE_NAME}" <no-reply@${new URL(values.PUBLIC_URL ?? "http://localhost").hostname}>`,
    adminEmail: (values.ADMIN_EMAIL ?? "admin@example.com").toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    trustProxy: trustProxy.value ?? false,
    passwordHashCost: values.PASSWORD_HASH_COST,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    s3:
      values.S3_ENDPOINT && values.S3_BUCKET && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: values.S3_ENDPOINT,
            bucket: values.S3_BUCKET,
            region: values.S3_REGION ?? "us-east-1",
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            forcePathStyle: values.S3_FORCE_PATH_STYLE === "true",
          }
        : undefined,
    authorizeNet:
      values.AUTHORIZE_NET_API_LOGIN_ID &&
      values.AUTHORIZE_NET_TRANSACTION_KEY &&
      values.AUTHORIZE_NET_CLIENT_KEY &&
      values.AUTHORIZE_NET_SIGNATURE_KEY
        ? {
            apiLoginId: values.AUTHORIZE_NET_API_LOGIN_ID,
            transactionKey: values.AUTHORIZE_NET_TRANSACTION_KEY,
            clientKey: values.AUTHORIZE_NET_CLIENT_KEY,
            signatureKey: values.AUTHORIZE_NET_SIGNATURE_KEY,
            mode: values.AUTHORIZE_NET_MODE,
            apiUrl: values.AUTHORIZE_NET_API_URL ?? AUTHORIZE_NET_ENDPOINTS[values.AUTHORIZE_NET_MODE].apiUrl,
            scriptUrl: values.AUTHORIZE_NET_SCRIPT_URL ?? AUTHORIZE_NET_ENDPOINTS[values.AUTHORIZE_NET_MODE].scriptUrl,
            timeoutMs: values.AUTHORIZE_NET_TIMEOUT_MS,
          }
        : undefined,
    veratad:
      values.VERATAD_USER && values.VERATAD_PASS
        ? {
            user: values.VERATAD_USER,
            pass: values.VERATAD_PASS,
            testKey: values.VERATAD_TEST_KEY,
            ageMatchUrl: values.VERATAD_AGEMATCH_URL,
            dcamsUrl: values.VERATAD_DCAMS_URL,
            timeoutMs: values.VERATAD_TIMEOUT_MS,
          }
        : undefined,
  };
}

/** Outside production a missing secret is generated once and kept in the data folder, readable by the owner only. */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  privateFolder(dataDir);
  try {
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}
