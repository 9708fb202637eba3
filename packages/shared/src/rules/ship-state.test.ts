import { describe, expect, it } from "vitest";
import { SHIP_STATE_COOKIE, shipStateCookie, shipStateFromCookie } from "./ship-state.ts";

describe("the remembered ship-to state", () => {
  it("reads the state a cookie remembers", () => {
    expect(shipStateFromCookie(`ageVerified=true; ${SHIP_STATE_COOKIE}=AL; other=1`)).toBe("AL");
    expect(shipStateCookie("TX", true)).toBe("shipState=TX; Max-Age=31536000; Path=/; SameSite=Lax; Secure");
  });

  it("ignores a missing cookie and a value that is not a US state code", () => {
    expect(shipStateFromCookie(null)).toBeNull();
    expect(shipStateFromCookie("ageVerified=true")).toBeNull();
    expect(shipStateFromCookie(`${SHIP_STATE_COOKIE}=ZZ`)).toBeNull();
    expect(shipStateFromCookie(`${SHIP_STATE_COOKIE}=toString`)).toBeNull();
    expect(shipStateFromCookie(`${SHIP_STATE_COOKIE}=al`)).toBeNull();
  });
});
