import { describe, expect, it } from "vitest";
import { isUnder } from "./paths.ts";

describe("isUnder", () => {
  it("tells an area by its prefix in any case, as routing does", () => {
    for (const url of ["/api/health", "/API/health", "/Api/health?x=1", "/aPi/"])
      expect(isUnder(url, "api")).toBe(true);
    expect(isUnder("/UPLOADS/a.webp", "uploads")).toBe(true);
    expect(isUnder("/Assets/app.js", "assets")).toBe(true);
  });

  it("does not take a page whose name begins like an area for it", () => {
    for (const url of ["/api", "/apis/x", "/products/api/", "/", "/uploads"]) {
      expect(isUnder(url, "api") || isUnder(url, "uploads")).toBe(false);
    }
  });
});
