import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { transitionsEnded } from "./pages.ts";

/** WCAG 2.1 A and AA, and axe's best practices (heading order, landmarks, one h1 …). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** What axe finds on the page as it is now, one line per rule with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  await transitionsEnded(page);
  // Legacy mode runs axe in the page itself rather than gathering each frame's results in a new
  // blank page: half the time, the same findings on our pages, which have no frames (decision 071).
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
}

/** The one accessibility check of the browser tests; `what` names the state in a failure. */
export async function expectNoViolations(page: Page, what?: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
}
