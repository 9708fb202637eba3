import type { Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * The toast that says `text`, once it and the toasts it pushed back have stopped moving: axe reads a
 * toast's colours through its fade (an older toast's words fade out as a new one comes to the
 * front), so the pages are checked with their toasts at rest.
 */
export async function toastAtRest(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS("opacity", "1");
  await page.waitForFunction(
    () => (document.querySelector("[data-sonner-toaster]")?.getAnimations({ subtree: true }).length ?? 0) === 0,
  );
}

/** Takes full-page screenshots named `<name>-<project>.png` in the test's output folder. */
export function fullPageShots(page: Page, testInfo: TestInfo): (name: string) => Promise<Buffer> {
  return (name) =>
    page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

/**
 * The addresses of the POST requests the page sends from now on, to `path` when given (the path
 * itself, or any path the pattern matches): for checking that a refused form sent nothing.
 */
export function postsFrom(page: Page, path?: string | RegExp): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST") return;
    const { pathname } = new URL(request.url());
    if (path === undefined || (typeof path === "string" ? pathname === path : path.test(pathname))) {
      posts.push(request.url());
    }
  });
  return posts;
}

/**
 * Waits for the page's finite CSS transitions and animations to end: axe reads colours as they are
 * at that moment, and a header fading from white to dark text as the page scrolls is half-way
 * between the two for 200 ms (a spinner's endless animation is not waited for).
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A scroll or click a moment ago may start its transition on the next frames.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/** Waits until the browser has drawn two more frames: handlers of a scroll or a click have run. */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
