import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The audit log shows one page of 20 changes at a time and moves between pages by its address
 * (decision 053): on a phone the first page of 50 entries, each with its table, was 36,000 px.
 */
test("the audit log pages 20 changes at a time: older, then back to the newest", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const origin = baseURL ?? "";
  await logInAsAdmin(page, origin);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const categories: { id: string }[] = await (await page.request.get("/api/MasterCategory")).json();
  const made = await page.request.post("/api/Product", {
    headers: { Origin: origin },
    multipart: {
      ProductName: `Audit Pages ${tag}`,
      ProductType: "Disposable",
      Description: "Made by the audit log pages browser test.",
      MasterCategoryId: categories[0]?.id ?? "",
      SellingPricePCS: "10.00",
      Active: "false",
      Stock: "0",
    },
  });
  expect(made.status()).toBe(201);
  const product = (await made.json()) as { id: string };
  try {
    // 21 changes of stock of this test's own: at least two pages of that kind, whatever else ran.
    for (let n = 1; n <= 21; n++) {
      const adjusted = await page.request.post(`/api/admin/products/${product.id}/stock-adjustments`, {
        headers: { Origin: origin },
        data: { change: 1, reason: `Audit pages ${n}` },
      });
      expect(adjusted.status()).toBe(201);
    }
    await page.goto("/dashboard/settings/audit-log?kind=stock");
    const entries = page.getByRole("list", { name: "Changes, newest first" }).getByRole("article");
    await expect(entries).toHaveCount(20);
    await expect(entries.first()).toContainText(`Audit Pages ${tag}`);
    const pages = page.getByRole("navigation", { name: "Pages of the audit log" });
    await expect(pages.getByRole("link", { name: "Newest changes" })).toHaveCount(0);
    await expectNoViolations(page, "audit log, first page");

    const newest = await entries.first().getAttribute("aria-labelledby");
    await pages.getByRole("link", { name: "Older changes" }).click();
    await expect(page).toHaveURL(/[?&]kind=stock(&|$)/);
    await expect(page).toHaveURL(/[?&]after=/);
    await expect(entries.first()).not.toHaveAttribute("aria-labelledby", newest ?? "");
    expect(await entries.count()).toBeGreaterThan(0);
    expect(await entries.count()).toBeLessThanOrEqual(20);

    await pages.getByRole("link", { name: "Newest changes" }).click();
    await expect(page).not.toHaveURL(/after=/);
    await expect(entries).toHaveCount(20);
    await expect(entries.first()).toContainText(`Audit Pages ${tag}`);
    expect(consoleErrors).toEqual([]);
  } finally {
    const removed = await page.request.delete(`/api/Product/${product.id}`, { headers: { Origin: origin } });
    expect(removed.status()).toBe(204);
  }
});
