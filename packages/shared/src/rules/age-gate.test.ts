import { describe, expect, it } from "vitest";
import { ageCookie, birthYears, gateAdmits, gateDenialMessage, hasPassedGate } from "./age-gate.ts";

describe("age gate rules", () => {
  it("lists 100 years from the current year down", () => {
    const years = birthYears(2026);
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2026);
    expect(years[99]).toBe(1927);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
  });

  it("admits at the gate age by year alone", () => {
    expect(gateAdmits(2008, 2026, 18)).toBe(true);
    expect(gateAdmits(2009, 2026, 18)).toBe(false);
    expect(gateAdmits(2005, 2026, 21)).toBe(true);
    expect(gateAdmits(2006, 2026, 21)).toBe(false);
  });

  it("says the gate age in the denial", () => {
    expect(gateDenialMessage(18)).toBe("Sorry, you must be 18 or older to enter.");
    expect(gateDenialMessage(21)).toBe("Sorry, you must be 21 or older to enter.");
  });

  it("writes a cookie that lasts the configured days", () => {
    expect(ageCookie(30, false)).toBe("ageVerified=true; Max-Age=2592000; Path=/; SameSite=Lax");
    expect(ageCookie(7, true)).toBe("ageVerified=true; Max-Age=604800; Path=/; SameSite=Lax; Secure");
  });

  it("reads the cookie from a Cookie header", () => {
    expect(hasPassedGate(null)).toBe(false);
    expect(hasPassedGate("")).toBe(false);
    expect(hasPassedGate("a=1; ageVerified=true; b=2")).toBe(true);
    expect(hasPassedGate("ageVerified=true")).toBe(true);
    expect(hasPassedGate("ageVerified=false")).toBe(false);
    expect(hasPassedGate("xageVerified=true")).toBe(false);
  });
});
