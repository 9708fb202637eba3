import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { transitionsEnded } from "./pages.ts";

/** WCAG 2.1 A and AA, and axe's best practices (heading order, landmarks, one h1 …). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * The toasts as they stand: each one's text, place in the stack and whether it is leaving. A toast
 * leaves by itself after 4 s, fading as it goes; one that began to fade while axe read the page
 * was measured half transparent, so that reading is taken again.
 */
function toastStates(page: Page): Promise<string> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("[data-sonner-toast]"))
      .map((toast) => {
        const { index, removed, front, expanded } = toast.dataset;
        return `${toast.textContent}|${index}|${removed}|${front}|${expanded}`;
      })
      .join("\n"),
  );
}

/** What axe finds on the page as it is now, at rest, one line per rule with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  let results: Awaited<ReturnType<AxeBuilder["analyze"]>>;
  for (let reading = 1; ; reading++) {
    await transitionsEnded(page);
    const toastsBefore = await toastStates(page);
    // Legacy mode runs axe in the page itself rather than gathering each frame's results in a new
    // blank page: half the time, the same findings on our pages, which have no frames (decision 071).
    results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
    if (reading === 3 || (await toastStates(page)) === toastsBefore) break;
  }
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
}

/** The one accessibility check of the browser tests; `what` names the state in a failure. */
export async function expectNoViolations(page: Page, what?: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
}
