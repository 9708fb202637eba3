import { describe, expect, it } from "vitest";
import { documentExpiry } from "./document-expiry.ts";

const at = (moment: string) => new Date(moment);

describe("documentExpiry", () => {
  const now = at("2026-11-24T23:30:00Z");

  it("never flags a document without an expiry date", () => {
    expect(documentExpiry(null, now)).toEqual({ expired: false, expiresSoon: false });
  });

  it("flags one that expires within 30 days, the 30th day included, and not the 31st", () => {
    expect(documentExpiry("2026-12-24", now)).toEqual({ expired: false, expiresSoon: true });
    expect(documentExpiry("2026-12-25", now)).toEqual({ expired: false, expiresSoon: false });
  });

  it("counts a document valid through its last day, expired from the next (UTC)", () => {
    expect(documentExpiry("2026-11-24", now)).toEqual({ expired: false, expiresSoon: true });
    expect(documentExpiry("2026-11-23", now)).toEqual({ expired: true, expiresSoon: false });
    expect(documentExpiry("2026-11-24", at("2026-11-25T00:00:00Z"))).toEqual({ expired: true, expiresSoon: false });
  });
});
