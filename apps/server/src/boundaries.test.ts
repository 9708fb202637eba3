import { describe, expect, it } from "vitest";
import { boundaryViolations } from "../../../scripts/boundaries.mjs";

// The server's import rules (.dependency-cruiser.cjs beside this app): no import circle, another
// module's repository never imported, HTTP only in routes, app.ts imported by no module.
describe("the server's import boundaries", () => {
  it("hold in every source file, type-only imports included", async () => {
    const { violations, files } = await boundaryViolations("server");
    expect(files).toBeGreaterThan(300);
    expect(violations, violations.join("\n")).toEqual([]);
  }, 60_000);
});
