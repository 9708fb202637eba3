import type { User } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { isLocalPath, landingPath } from "./landing-path.ts";

const user = (role: User["role"]): User => ({
  id: "u1",
  email: "jamie@example.com",
  firstName: "Jamie",
  lastName: "Rivera",
  dateOfBirth: null,
  phone: null,
  role,
  emailVerified: true,
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("landingPath: where a login sends you back to (next=)", () => {
  it.each(["/account/orders", "/products?page=2&sort=price", "/", "/coas/B-1#top", "/search?q=%2F%2Fevil"])(
    "goes back to the shop's own page %s",
    (next) => {
      expect(landingPath(next, user("customer"))).toBe(next);
      expect(landingPath(next, user("staff"))).toBe(next);
    },
  );

  it.each([
    ["another site", "https://evil.example/"],
    ["a protocol-relative address", "//evil.example/path"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["a relative path", "account"],
    ["a javascript: address", "javascript:alert(1)"],
    ["a tab browsers drop", "/\t/evil.example"],
    ["a newline browsers drop", "/\n/evil.example"],
    ["a NUL", "/account\u0000"],
    ["a DEL", "/\u007f/evil.example"],
    ["an empty value", ""],
    ["no value", null],
  ])("ignores %s and goes to the account or the dashboard", (_, next) => {
    expect(landingPath(next, user("customer"))).toBe("/account");
    expect(landingPath(next, user("staff"))).toBe("/dashboard");
    expect(landingPath(next, user("owner"))).toBe("/dashboard");
    expect(landingPath(next, user("manager"))).toBe("/dashboard");
  });

  it("accepts only strings as local paths", () => {
    expect(isLocalPath(undefined)).toBe(false);
    expect(isLocalPath(null)).toBe(false);
    expect(isLocalPath("/ok")).toBe(true);
  });
});
