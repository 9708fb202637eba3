import { createHash, randomBytes } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";

/** security.md 12: argon2id at OWASP's minimum, m=19456 KiB, t=2, p=1. */
// The library's Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Checked against when the e-mail is unknown, so both answers take as long (security.md 15). */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await dummyHash, password);
}

/**
 * Passwords from public lists of the most used ones (8 characters or more; shorter ones are
 * refused by length). security.md 13 asks for common passwords to be refused; the list is short
 * on purpose and matched without regard to case.
 */
const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password12",
  "password123",
  "password1234",
  "passw0rd",
  "p@ssw0rd",
  "p@ssword",
  "12345678",
  "123456789",
  "1234567890",
  "12345678910",
  "123123123",
  "87654321",
  "987654321",
  "11111111",
  "111111111",
  "00000000",
  "66666666",
  "88888888",
  "12341234",
  "11223344",
  "qwertyui",
  "qwertyuiop",
  "qwerty123",
  "qwerty1234",
  "1q2w3e4r",
  "1q2w3e4r5t",
  "q1w2e3r4",
  "1qaz2wsx",
  "zaq12wsx",
  "asdfghjk",
  "asdfghjkl",
  "asdf1234",
  "zxcvbnm1",
  "abcd1234",
  "abc12345",
  "abc123456",
  "abcdefgh",
  "iloveyou",
  "iloveyou1",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "basketball",
  "superman",
  "starwars",
  "trustno1",
  "letmein1",
  "letmeinnow",
  "welcome1",
  "welcome123",
  "whatever",
  "computer",
  "michelle",
  "jennifer",
  "jordan23",
  "charlie1",
  "monkey123",
  "dragon123",
  "master123",
  "shadow123",
  "liverpool",
  "chocolate",
  "butterfly",
  "internet",
  "changeme",
  "changeme123",
  "admin123",
  "administrator",
  "default1",
  "test1234",
  "testing123",
  "secret123",
  "mypassword",
  "loveyou1",
  "freedom1",
  "qazwsxedc",
  "aa123456",
  "a1234567",
  "a12345678",
  "1password",
  "babygirl1",
  "princess1",
  "sunshine1",
  "football1",
  "baseball1",
  "michael1",
  "jessica1",
  "ashley123",
  "samsung1",
  "google123",
  "vape1234",
  "kratom123",
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** A fresh random secret for a cookie or a link: 256 bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** How secrets are stored: a stolen table holds nothing that can be used. */
export function sha256(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
