import { createHash, randomBytes } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

/** argon2id at OWASP's minimum, m=19456 KiB, t=2, p=1 (docs/decisions/011). */
// The library's Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * PASSWORD_HASH_COST=test-low, which the configuration accepts only with NODE_ENV=test: argon2id
 * at its smallest cost, so that the test suite's thousands of sign-ups do not each take 20 MiB and
 * two passes. Hashes made at either cost verify alike (the parameters are in the hash).
 */
const TEST_LOW_OPTIONS = { ...ARGON2_OPTIONS, memoryCost: 8, timeCost: 1 };

export type PasswordHashCost = "owasp" | "test-low";

export function argon2OptionsFor(cost: PasswordHashCost): typeof ARGON2_OPTIONS {
  return cost === "test-low" ? TEST_LOW_OPTIONS : ARGON2_OPTIONS;
}

let options = ARGON2_OPTIONS;

/** Set once by buildApp from the configuration (config.passwordHashCost). */
export function usePasswordHashCost(cost: PasswordHashCost): void {
  options = argon2OptionsFor(cost);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Checked against when the e-mail is unknown, so both answers take as long. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await dummyHash, password);
}

/**
 * Common passwords are refused (docs/decisions/022). The list is zxcvbn-ts's "passwords-common"
 * (@zxcvbn-ts/language-common, MIT): 49,233 passwords ranked by how often they appear in public
 * breach lists, 17,950 of them 8 characters or longer (shorter ones are refused by length). A few
 * that people choose for a shop like this one are added. Matched without regard to case.
 */
const COMMON_PASSWORDS = new Set(
  [
    ...dictionary["passwords-common"],
    "leafandcloud",
    "leaf&cloud",
    "vape1234",
    "vapes123",
    "kratom123",
    "hemp1234",
  ].map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** The letters of a text, lower case: "Jamie-Lee R." → "jamieleer". */
const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, "");

/**
 * Whether a password is built from the person's own name or e-mail address: what is left after
 * taking out every name, the e-mail's name and its parts ("jamie.rivera"), and the domain's name,
 * is fewer than four letters ("Jamie2024!", "riverajamie", "jamie@buyer"). Digits and symbols around
 * a name do not make it a good password.
 */
export function isBuiltFromOwnDetails(
  password: string,
  person: { email: string; firstName?: string | null; lastName?: string | null },
): boolean {
  const [local = "", domain = ""] = person.email.toLowerCase().split("@");
  const words = [
    person.firstName ?? "",
    person.lastName ?? "",
    local,
    ...local.split(/[._+-]/),
    domain.split(".")[0] ?? "",
  ]
    .map(lettersOf)
    .filter((word) => word.length >= 3)
    .sort((a, b) => b.length - a.length);
  if (words.length === 0) return false;
  let rest = lettersOf(password);
  for (const word of words) rest = rest.replaceAll(word, "");
  return rest.length < 4;
}

/** A fresh random secret for a cookie or a link: 256 bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** How secrets are stored: a stolen table holds nothing that can be used. */
export function sha256(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
