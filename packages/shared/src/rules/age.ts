/**
 * Full years of age on a day, from a date of birth; both as YYYY-MM-DD. Someone born on
 * 29 February turns a year older on 1 March in common years.
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/**
 * Why an account cannot hold this date of birth (younger than the gate's age), or null. The
 * sign-up and profile forms check it before sending; the server checks it again.
 */
export function accountAgeProblem(dateOfBirth: string, today: string, minAge: number): string | null {
  return ageOn(dateOfBirth, today) < minAge ? `You must be ${minAge} or older to have an account.` : null;
}

/**
 * Why this date of birth may not buy (younger than the purchase age), or null. The checkout's
 * date-of-birth step checks it before saving; the order is checked again on the server.
 */
export function purchaseAgeProblem(dateOfBirth: string, today: string, minAge: number): string | null {
  return ageOn(dateOfBirth, today) < minAge ? `You must be ${minAge} or older to buy from this shop.` : null;
}
