import { describe, expect, it } from "vitest";
import {
  Conflict,
  DOMAIN_ERROR_STATUS,
  DomainError,
  Forbidden,
  httpStatusOf,
  Invalid,
  isDomainError,
  NotFound,
  TooLarge,
  TooManyAttempts,
  Unauthenticated,
} from "./errors.ts";

describe("domain errors", () => {
  it("each class has its kind, and each kind one status", () => {
    const errors = [
      new Invalid("a"),
      new Unauthenticated("a"),
      new Forbidden("a"),
      new NotFound("a"),
      new Conflict("a"),
      new TooLarge("a"),
      new TooManyAttempts("a"),
    ];
    expect(errors.map((error) => [error.name, error.kind, httpStatusOf(error)])).toEqual([
      ["Invalid", "invalid", 400],
      ["Unauthenticated", "unauthenticated", 401],
      ["Forbidden", "forbidden", 403],
      ["NotFound", "not_found", 404],
      ["Conflict", "conflict", 409],
      ["TooLarge", "too_large", 413],
      ["TooManyAttempts", "too_many_attempts", 429],
    ]);
    expect(Object.keys(DOMAIN_ERROR_STATUS)).toHaveLength(errors.length);
    expect(errors.every((error) => error instanceof DomainError && error instanceof Error)).toBe(true);
  });

  it("keeps the message, fields, code and when to try again", () => {
    const error = new Invalid("Please enter a password.", { fields: { password: "Please enter a password." } });
    expect(error).toMatchObject({
      message: "Please enter a password.",
      fields: { password: "Please enter a password." },
    });
    expect(error.code).toBeUndefined();
    const limited = new TooManyAttempts("Wait.", { retryAfterSeconds: 60, code: "too_many_attempts" });
    expect(limited).toMatchObject({ retryAfterSeconds: 60, code: "too_many_attempts" });
    expect(new TooManyAttempts("Wait.").retryAfterSeconds).toBeUndefined();
  });

  it("isDomainError knows another copy's errors by name and kind, not instanceof alone", () => {
    expect(isDomainError(new NotFound("a"))).toBe(true);
    expect(isDomainError(Object.assign(new Error("a"), { name: "Conflict", kind: "conflict" }))).toBe(true);
    expect(isDomainError(Object.assign(new Error("a"), { name: "Conflict", kind: "nonsense" }))).toBe(false);
    expect(isDomainError(Object.assign(new Error("a"), { kind: "conflict" }))).toBe(false);
    expect(isDomainError({ name: "NotFound", kind: "not_found", message: "a" })).toBe(false);
    expect(isDomainError(new Error("a"))).toBe(false);
    expect(isDomainError(null)).toBe(false);
  });
});
