import type { APIRequestContext, Page } from "@playwright/test";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { createRule } from "./compliance.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, toastAtRest, transitionsEnded } from "./pages.ts";

// Leaving a dashboard form with changes asks first (decision 052). Each run makes its own product
// (inactive, deleted at the end) and its own rule (in a state no other spec uses), so the phone and
// desktop runs never touch the same record.

const tag = `unsaved-${Date.now().toString(36)}`;
const STATES = { desktop: "NH", phone: "RI" } as const;

/** Clicks a link in the dashboard's menu: the sidebar on a desktop, the menu drawer on a phone. */
async function menuLink(page: Page, name: string) {
  if (await page.getByRole("button", { name: "Open menu" }).isVisible()) {
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name, exact: true }).click();
}

const leaveDialog = (page: Page) => page.getByRole("dialog", { name: "Leave without saving?" });

async function createProduct(request: APIRequestContext, origin: string, name: string) {
  const categories: { id: string }[] = await (await request.get("/api/MasterCategory")).json();
  const response = await request.post("/api/Product", {
    headers: { Origin: origin },
    multipart: {
      ProductName: name,
      ProductType: "Disposable",
      Description: `Made by the unsaved-changes browser test ${tag}.`,
      MasterCategoryId: categories[0]?.id ?? "",
      Active: "false",
      Stock: "0",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

test("a product edit asks before a menu link leaves it; Stay keeps the changes, Leave goes; Cancel and a save do not ask", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  test.slow();
  const origin = baseURL ?? "";
  const shot = fullPageShots(page, testInfo);
  // The sizes the shop's screens are looked at (a phone, a laptop).
  const phone = testInfo.project.name === "phone";
  await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
  await logInAsAdmin(page, baseURL);
  const name = `E2E Product ${tag} ${testInfo.project.name}`;
  const product = await createProduct(page.request, origin, name);
  const edit = `/dashboard/products/${product.id}/edit`;
  try {
    // Into the form from the list, so that Back below is a move inside the app.
    await page.goto(`/dashboard/products?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Edit “${name}”` }).click();
    await expect(page).toHaveURL(new RegExp(`${edit}$`));
    const productName = page.getByLabel("Product name");
    await expect(productName).toHaveValue(name);

    // Nothing changed: the menu leaves at once.
    await menuLink(page, "Order List");
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
    await expect(leaveDialog(page)).toBeHidden();

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${edit}$`));
    await expect(productName).toHaveValue(name);
    await productName.fill(`${name} changed`);
    await menuLink(page, "Order List");
    const dialog = leaveDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Your changes to this product will be lost.");
    // Focus starts on Stay, so Enter never drops the changes by accident.
    await expect(dialog.getByRole("button", { name: "Stay" })).toBeFocused();
    await expectNoViolations(page, "the leave dialog");
    await transitionsEnded(page); // the phone's menu drawer slides away under the dialog
    await page.screenshot({ path: testInfo.outputPath(`leave-dialog-${testInfo.project.name}.png`) });

    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${edit}$`));
    await expect(productName).toHaveValue(`${name} changed`);

    // The browser's Back asks too; Escape stays.
    await page.goBack();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${edit}$`));
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${edit}$`));
    await expect(productName).toHaveValue(`${name} changed`);

    // Reloading the tab gets the browser's own question.
    const asked = page.waitForEvent("dialog").then(async (prompt) => {
      expect(prompt.type()).toBe("beforeunload");
      await prompt.dismiss();
    });
    await page.reload({ timeout: 3_000 }).catch(() => undefined);
    await asked;
    await expect(productName).toHaveValue(`${name} changed`);

    await menuLink(page, "Order List");
    await dialog.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
    await expect(dialog).toBeHidden();

    // The form's own Cancel drops the changes on purpose: no question.
    await page.goto(edit);
    await productName.fill(`${name} cancelled`);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    await expect(dialog).toBeHidden();

    // A save that moves on to the list does not ask.
    await page.goto(edit);
    await productName.fill(`${name} saved`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    await expect(dialog).toBeHidden();
    await shot("after-save");
  } finally {
    const response = await page.request.delete(`/api/Product/${product.id}`, { headers: { Origin: origin } });
    expect(response.status()).toBe(204);
  }
  expect(consoleErrors).toEqual([]);
});

test("a compliance rule asks before leaving with changes, not after Save @phone", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  await logInAsAdmin(page, baseURL);
  const state = STATES[testInfo.project.name === "phone" ? "phone" : "desktop"];
  const rule = await createRule(page.request, origin, state, `the unsaved-changes browser test ${tag}`);
  await page.goto(`/dashboard/settings/compliance/${rule.id}`);
  const minAge = page.getByLabel("Minimum age");
  await expect(minAge).toHaveValue("18");

  await minAge.fill("21");
  await menuLink(page, "Order List");
  const dialog = leaveDialog(page);
  await expect(dialog).toContainText("Your changes to this rule will be lost.");
  await expectNoViolations(page, "the leave dialog over a rule");
  await dialog.getByRole("button", { name: "Stay" }).click();
  await expect(minAge).toHaveValue("21");

  // Saved: the page stays on the rule, and leaving no longer asks.
  await page.getByRole("button", { name: "Save rule" }).click();
  await toastAtRest(page, "Rule saved as version 2");
  await expect(page.getByTestId("rule-version")).toHaveText("Version 2");
  await menuLink(page, "Order List");
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(dialog).toBeHidden();

  // Changed again and left: Leave goes.
  await page.goto(`/dashboard/settings/compliance/${rule.id}`);
  await page.getByLabel("Minimum age").fill("19");
  await menuLink(page, "Compliance");
  await dialog.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/compliance$/);
});
