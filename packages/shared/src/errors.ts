/**
 * What went wrong, in the domain's words. Services throw these and never name an HTTP status; the
 * server's error plugin turns them into answers and a page's loader into its error page, both
 * through DOMAIN_ERROR_STATUS. No zod here: the browser may import this entry.
 */

/** Each kind of domain error and the HTTP status it is answered with: the one table. */
export const DOMAIN_ERROR_STATUS = {
  /** The input is wrong (a field, a file, a link that no longer works). */
  invalid: 400,
  /** Nobody is signed in, or the e-mail address and password do not match. */
  unauthenticated: 401,
  /** Signed in (or not), but not allowed to do this. */
  forbidden: 403,
  not_found: 404,
  /** The request is fine but clashes with what is stored (a taken SKU, the last Owner). */
  conflict: 409,
  /** A file or body over its size limit. */
  too_large: 413,
  too_many_attempts: 429,
} as const;

export type DomainErrorKind = keyof typeof DOMAIN_ERROR_STATUS;

export interface DomainErrorDetails {
  /** Field → message in words, for a form to show beside each field (ApiError.fields). */
  fields?: Record<string, string>;
  /** A stable name for errors a client acts on (ApiError.code). */
  code?: string;
}

const NAMES = new Set([
  "DomainError",
  "Invalid",
  "Unauthenticated",
  "Forbidden",
  "NotFound",
  "Conflict",
  "TooLarge",
  "TooManyAttempts",
]);

/** An error whose message is meant for the person who made the request. */
export class DomainError extends Error {
  override name = "DomainError";
  readonly kind: DomainErrorKind;
  readonly fields?: Record<string, string>;
  readonly code?: string;

  constructor(kind: DomainErrorKind, message: string, details: DomainErrorDetails = {}) {
    super(message);
    this.kind = kind;
    this.fields = details.fields;
    this.code = details.code;
  }
}

export class Invalid extends DomainError {
  override name = "Invalid";
  constructor(message: string, details?: DomainErrorDetails) {
    super("invalid", message, details);
  }
}

export class Unauthenticated extends DomainError {
  override name = "Unauthenticated";
  constructor(message: string, details?: DomainErrorDetails) {
    super("unauthenticated", message, details);
  }
}

export class Forbidden extends DomainError {
  override name = "Forbidden";
  constructor(message: string, details?: DomainErrorDetails) {
    super("forbidden", message, details);
  }
}

export class NotFound extends DomainError {
  override name = "NotFound";
  constructor(message: string, details?: DomainErrorDetails) {
    super("not_found", message, details);
  }
}

export class Conflict extends DomainError {
  override name = "Conflict";
  constructor(message: string, details?: DomainErrorDetails) {
    super("conflict", message, details);
  }
}

export class TooLarge extends DomainError {
  override name = "TooLarge";
  constructor(message: string, details?: DomainErrorDetails) {
    super("too_large", message, details);
  }
}

/** Too many tries; with `retryAfterSeconds` it also says when to try again (Retry-After). */
export class TooManyAttempts extends DomainError {
  override name = "TooManyAttempts";
  readonly retryAfterSeconds?: number;

  constructor(message: string, details: DomainErrorDetails & { retryAfterSeconds?: number } = {}) {
    super("too_many_attempts", message, details);
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/**
 * Whether `value` is a domain error. Not `instanceof` alone: the web's server build may bundle its
 * own copy of this module, whose classes are not the server's.
 */
export function isDomainError(value: unknown): value is DomainError {
  if (value instanceof DomainError) return true;
  if (!(value instanceof Error)) return false;
  const { kind } = value as { kind?: unknown };
  return NAMES.has(value.name) && typeof kind === "string" && Object.hasOwn(DOMAIN_ERROR_STATUS, kind);
}

/** The HTTP status a domain error is answered with. */
export function httpStatusOf(error: Pick<DomainError, "kind">): number {
  return DOMAIN_ERROR_STATUS[error.kind];
}

/**
 * The domain error a thrown value stands for, or null for a fault. PostgreSQL's deadlock and
 * serialization failures are one: the database rolled the transaction back whole, so the caller
 * is told to look again and retry (docs/decisions/082). The API's error answers and the pages'
 * actions both read errors through this.
 */
export function domainErrorOf(value: unknown): DomainError | null {
  if (isDomainError(value)) return value;
  const code = (value as { code?: unknown } | null)?.code;
  if (code === "40P01" || code === "40001") {
    const message = "Someone else changed this at the same moment. Please look at it again and retry.";
    return new Conflict(message, { code: "concurrent_change" });
  }
  return null;
}
