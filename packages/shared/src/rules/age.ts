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

/** The youngest age a shop may admit at its gate or sell at (the spec's gate: 18; docs/decisions/079). */
export const LOWEST_SHOP_AGE = 18;

/** The age most of what the shop sells is held to by law (Tobacco 21); a lower age to buy is warned about. */
export const USUAL_PURCHASE_AGE = 21;

/**
 * Why the gate's age and the age to buy cannot stand together, or null: a buyer must have passed
 * the gate, so buying needs at least the gate's age. `changed` names the settings a change holds;
 * the problem is told beside the one that made it: the age to buy, unless only the gate changed.
 * The server checks the settings as they would be saved (a change merged with the rest).
 */
export function shopAgesProblem(
  ages: { gateMinAge: number; purchaseMinAge: number },
  changed: readonly string[],
): { field: "gateMinAge" | "purchaseMinAge"; message: string } | null {
  if (ages.purchaseMinAge >= ages.gateMinAge) return null;
  if (!changed.includes("purchaseMinAge")) {
    return {
      field: "gateMinAge",
      message: `The age gate cannot be above the age to buy (${ages.purchaseMinAge}): raise the age to buy first.`,
    };
  }
  return {
    field: "purchaseMinAge",
    message: `The age to buy cannot be below the age gate (${ages.gateMinAge}): every buyer has passed the gate.`,
  };
}

/** The age that applies to one line of a cart, and whether the buyer is too young for it. */
export interface LineAge {
  /** The shop's age to buy, or the higher age a jurisdiction rule sets for the line. */
  minAge: number;
  /** Whether the buyer is younger than `minAge`; null when the buyer's age is not known. */
  tooYoung: boolean | null;
}

/**
 * Each line's age (docs/decisions/079): the shop's purchase age applies to everything, and a rule
 * may ask more of a line (`ruleMinAges`, by line; null: none). With the buyer's age known, the
 * lines they are too young for are exactly those whose age is above theirs.
 */
export function lineAges(
  purchaseMinAge: number,
  ruleMinAges: readonly (number | null)[],
  buyerAge: number | null,
): LineAge[] {
  return ruleMinAges.map((ruleMinAge) => {
    const minAge = Math.max(purchaseMinAge, ruleMinAge ?? 0);
    return { minAge, tooYoung: buyerAge === null ? null : buyerAge < minAge };
  });
}
