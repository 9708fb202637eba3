/** The age gate (spec 4, 5, 9): by birth year only, at the gate age setting. */

export const AGE_COOKIE = "ageVerified";
export const BIRTH_YEAR_COUNT = 100;

/** The gate's dropdown: the current year and the 99 before it, most recent first. */
export function birthYears(currentYear: number): number[] {
  return Array.from({ length: BIRTH_YEAR_COUNT }, (_, index) => currentYear - index);
}

/** Age is the current year minus the birth year; the gate admits at `minAge` or more. */
export function gateAdmits(birthYear: number, currentYear: number, minAge: number): boolean {
  return currentYear - birthYear >= minAge;
}

export function gateDenialMessage(minAge: number): string {
  return `Sorry, you must be ${minAge} or older to enter.`;
}

/** The cookie that remembers a passed gate for `days` days. */
export function ageCookie(days: number, secure: boolean): string {
  return `${AGE_COOKIE}=true; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether a Cookie header carries a passed gate. */
export function hasPassedGate(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim() === `${AGE_COOKIE}=true`);
}
