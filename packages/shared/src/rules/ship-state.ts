import { US_STATES, type UsState } from "../constants/addresses.ts";

/**
 * The state a buyer says their goods go to (docs/decisions/049): chosen once on the product page,
 * remembered in a cookie the server reads when it draws the page, changeable at any time. Not a
 * secret and not an identity: scripts may read it, and it holds only a state code.
 */
export const SHIP_STATE_COOKIE = "shipState";
const YEAR_SECONDS = 365 * 86_400;

/** The cookie that remembers `state` for a year. */
export function shipStateCookie(state: UsState, secure: boolean): string {
  return `${SHIP_STATE_COOKIE}=${state}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The remembered state in a Cookie header, or null when none or not a US state code. */
export function shipStateFromCookie(cookieHeader: string | null | undefined): UsState | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === SHIP_STATE_COOKIE && value && Object.hasOwn(US_STATES, value)) return value as UsState;
  }
  return null;
}
