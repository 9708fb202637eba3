import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { transitionsEnded } from "./pages.ts";

/** The page is live: React DOM has taken over the document, so a click on a link is the router's, not the browser's. */
const live = (page: Page) =>
  page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));

test("a slow page shows the loader, one more word every 40 ms", async ({ page }) => {
  await page.goto("/products");
  await live(page);
  await page.waitForLoadState("networkidle");
  // Hold back the next page's data so the loader has time to show.
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Kratom" }).click();
  const loader = page.getByRole("status").filter({ hasText: "Heating Up The Flavors For You" });
  await expect(loader).toBeVisible();
  const words = loader.locator("[data-words]");
  await expect(words).toHaveAttribute("data-words", "6");
  await expect(page.getByRole("heading", { level: 1, name: "Kratom" })).toBeVisible();
  await expect(loader).toBeHidden();
});

// About Us is text only. Contact Us, used here before, first loads the form and validation code
// (about 40 KB), which takes close to the 300 ms after which the loader rightly shows.
test("a quick page shows no loader", async ({ page }) => {
  await page.goto("/products");
  let seen = false;
  const watch = page
    .getByRole("status")
    .filter({ hasText: "Heating Up The Flavors For You" })
    .waitFor({ timeout: 1500 })
    .then(() => {
      seen = true;
    })
    .catch(() => {});
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await watch;
  expect(seen).toBe(false);
});

test("forward navigation starts at the top; back returns to where you were", async ({ page }) => {
  await page.goto("/products");
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  const before = await page.evaluate(() => window.scrollY);
  await page.getByRole("article").nth(8).getByRole("link").click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
});

for (const path of ["/products", "/coas"]) {
  test(`Next and Previous below ${path} start the new page at the top @phone`, async ({ page, isMobile }) => {
    const press = async (name: RegExp, how: "pointer" | "Enter") => {
      const link = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name });
      await link.scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      if (how === "Enter") {
        await link.focus();
        await page.keyboard.press("Enter");
      } else if (isMobile) await link.tap();
      else await link.click();
    };
    await page.goto(path);
    for (const how of ["pointer", "Enter"] as const) {
      await press(/Next/, how);
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await press(/Previous/, how);
      await expect(page).not.toHaveURL(/page=/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
  });
}

// The cart is restored just after the first paint. When that change reached the page through
// React context, React threw away the server's HTML of every part whose code had not arrived yet
// (pagination, product details, footer) and drew it again: links disappeared under the pointer.
for (const path of ["/products", "/coas", "/"]) {
  test(`the server's HTML of ${path} stays in place while its code arrives @phone`, async ({ page }) => {
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedParts: string[] }).removedParts = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.removedNodes)) {
            // React may remove the tags it hoisted for loading (<link>, <script>) and its streaming
            // scaffolding (<template> markers, hidden <div>s that held parts sent later).
            const scaffolding =
              ["LINK", "SCRIPT", "STYLE", "TEMPLATE"].includes(node.nodeName) ||
              (node instanceof HTMLElement && node.hidden);
            if (node instanceof Element && !scaffolding) {
              removed.push(`${node.tagName} ${node.textContent?.slice(0, 40) ?? ""}`);
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The cart is restored in an effect after hydration: its changes are drawn by then.
    await transitionsEnded(page);
    expect(await page.evaluate(() => (window as unknown as { removedParts: string[] }).removedParts)).toEqual([]);
  });
}
