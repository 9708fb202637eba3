import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { transitionsEnded } from "./pages.ts";

/** WCAG 2.1 A and AA, and axe's best practices (heading order, landmarks, one h1 …). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** The toasts as they stand: each one's text, place in the stack and whether it is leaving. */
function toastStates(page: Page): Promise<string> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("[data-sonner-toast]"))
      .map((toast) => {
        const { index, removed, front, expanded, mounted } = toast.dataset;
        return `${toast.textContent}|${index}|${removed}|${front}|${expanded}|${mounted}`;
      })
      .join("\n"),
  );
}

/**
 * Toasts leave by themselves after 4 s, fading as they go, and one that began to leave while axe
 * read the page was measured half transparent. So the pointer rests on them while axe reads (the
 * toaster holds them then, as it does for a person reading them) and moves off after; a toast that
 * came or went meanwhile all the same makes axe read the page again.
 */
async function holdingToasts<T>(page: Page, read: () => Promise<T>): Promise<T> {
  const toast = page.locator("[data-sonner-toast]:not([data-removed='true'])").first();
  const held =
    (await toast.count()) > 0 &&
    (await toast.hover({ timeout: 1000 }).then(
      () => true,
      () => false,
    ));
  try {
    for (let reading = 1; ; reading++) {
      await transitionsEnded(page);
      const before = await toastStates(page);
      const result = await read();
      if (reading === 3 || (await toastStates(page)) === before) return result;
    }
  } finally {
    if (held) await page.mouse.move(0, 0);
  }
}

/** What axe finds on the page as it is now, at rest, one line per rule with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself rather than gathering each frame's results in a new
  // blank page: half the time, the same findings on our pages, which have no frames (decision 071).
  const results = await holdingToasts(page, () =>
    new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze(),
  );
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
}

/** The one accessibility check of the browser tests; `what` names the state in a failure. */
export async function expectNoViolations(page: Page, what?: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
}
