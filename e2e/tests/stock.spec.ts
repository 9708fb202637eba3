import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, toastAtRest } from "./pages.ts";
import { newProduct } from "./products.ts";

test("staff adjust a product's stock with a reason, see it in the history, and the dashboard lists it as low", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const origin = baseURL ?? "";
  const shot = fullPageShots(page, testInfo);
  await logInAsAdmin(page, baseURL);
  // The test's own, so nobody else changes its stock while the test counts it.
  const product = await newProduct(origin, { name: "Stock Test", stock: 8 });

  try {
    await page.goto(`/dashboard/products/${product.id}/edit`);
    const panel = page.getByRole("region", { name: "Stock", exact: true });
    await expect(panel.getByText("8", { exact: true })).toBeVisible();
    const history = panel.getByRole("list", { name: "Stock history" });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("listitem").first()).toContainText(
      "Opening count: Count when the product was created",
    );
    // The product form leaves the count to the panel.
    await expect(page.locator("#product-Stock")).toHaveCount(0);

    const change = panel.getByLabel("Change");
    const reason = panel.getByLabel("Reason");
    const submit = panel.getByRole("button", { name: "Adjust stock" });

    // No reason: refused beside the field, before anything is sent.
    await change.fill("-6");
    await submit.click();
    await expect(panel.getByText("Please say why the stock changes.")).toBeVisible();
    await expect(reason).toHaveAttribute("aria-invalid", "true");

    await reason.fill("Damaged in transit");
    await submit.click();
    await toastAtRest(page, "2 in stock now");
    await expect(panel.getByText("2", { exact: true })).toBeVisible();
    await expect(history.getByRole("listitem")).toHaveCount(2);
    const newest = history.getByRole("listitem").first();
    await expect(newest).toContainText("−6");
    await expect(newest).toContainText("Adjustment: Damaged in transit");
    await expect(newest).toContainText("2 after");
    await expect(change).toHaveValue("");

    // More than is left: the server refuses beside the field and nothing changes.
    await change.fill("-5");
    await reason.fill("Stock count");
    await submit.click();
    await expect(panel.getByText("Change can take at most 2.")).toBeVisible();
    await expect(change).toHaveAttribute("aria-invalid", "true");
    await expect(history.getByRole("listitem")).toHaveCount(2);
    // The browser logs the refused request (409); that one is expected.
    expect(consoleErrors).toEqual([expect.stringContaining("409")]);
    consoleErrors.length = 0;

    await change.fill("-1");
    await reason.fill("Sold at the counter");
    await submit.click();
    await toastAtRest(page, "1 in stock now");
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expectNoViolations(page, "product edit with the Stock panel");
    await panel.scrollIntoViewIfNeeded();
    await shot("stock-panel");

    // The dashboard home lists it as low, linking to its edit screen.
    await page.goto("/dashboard");
    const low = page.getByRole("region", { name: /Low on stock \(5 or fewer\)/ });
    const link = low.getByRole("link", { name: new RegExp(product.name) });
    await expect(link).toBeVisible();
    await expect(link).toContainText("1 left");
    await expectNoViolations(page, "dashboard home with the low-stock list");
    await low.scrollIntoViewIfNeeded();
    await shot("low-stock");
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/products/${product.id}/edit#stock$`));
    await expect(page.getByRole("region", { name: "Stock", exact: true })).toBeInViewport();
    await expect(
      page.getByRole("region", { name: "Stock", exact: true }).getByText("1", { exact: true }),
    ).toBeVisible();
  } finally {
    // Taken off the shop, so the low-stock list does not fill up with test products.
    const off = await page.request.post("/api/admin/products/bulk", {
      headers: { Origin: origin },
      data: { ids: [product.id], action: "deactivate" },
    });
    expect(off.status()).toBe(200);
  }
});
