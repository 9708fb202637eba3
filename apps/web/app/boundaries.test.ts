import { describe, expect, it } from "vitest";
import { boundaryViolations } from "../../../scripts/boundaries.mjs";

// The web app's import rules (.dependency-cruiser.cjs beside this app): no import circle, and a
// feature imports neither a route module nor another feature.
describe("the web app's import boundaries", () => {
  it("hold in every source file, type-only imports included", async () => {
    const { violations, files } = await boundaryViolations("web");
    expect(files).toBeGreaterThan(400);
    expect(violations, violations.join("\n")).toEqual([]);
  }, 60_000);
});
