import { DOCUMENT_EXPIRY_WARNING_DAYS } from "../constants/documents.ts";
import { addDays, dayOf } from "./days.ts";

/** The last day a document may expire on and still be flagged "expires soon" (today + 30 days, UTC). */
export function expiryWarningUntil(now: Date): string {
  return addDays(dayOf(now), DOCUMENT_EXPIRY_WARNING_DAYS);
}

/**
 * Whether a document is still valid: it is valid through the day it expires on (UTC) and expired
 * from the next; it expires soon from 30 days before that day. A document without an expiry date
 * never expires.
 */
export function documentExpiry(expiresOn: string | null, now: Date): { expired: boolean; expiresSoon: boolean } {
  if (expiresOn === null) return { expired: false, expiresSoon: false };
  const today = dayOf(now);
  const expired = expiresOn < today;
  return { expired, expiresSoon: !expired && expiresOn <= expiryWarningUntil(now) };
}
