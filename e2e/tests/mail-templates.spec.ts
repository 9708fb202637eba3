import { mkdirSync, rmdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { lastMailTo } from "./mailbox.ts";
import { newBuyerWithOrder } from "./orders.ts";
import { toastAtRest } from "./pages.ts";

const TEMPLATES = "/dashboard/documents/templates";
const DEFAULT_SUBJECT = "Order {{orderNumber}} is placed — please pay with {{paymentMethod}}";

/**
 * The order confirmation's template is the shop's one for every order: the phone and desktop runs
 * of this spec take turns changing it (a directory as the lock), so neither reads the other's words.
 */
async function holdingTemplateLock<T>(run: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `shop-e2e-mail-template-lock-${process.env.E2E_PORT ?? 3199}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a run that died holds no one up for long.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 90_000) rmdirSync(lock);
      if (Date.now() > deadline) throw new Error("the other run kept the template lock for a minute");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await run();
  } finally {
    rmdirSync(lock);
  }
}

/** Nothing on the page is wider than the screen (a long subject once pushed the list's cards off a phone). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("staff edit the order confirmation with a live preview; the next order's mail says it; reset to default", async ({
  page,
  request,
  baseURL,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const phone = testInfo.project.name === "phone";
  const marker = `${phone ? "phone" : "desktop"}-${Date.now().toString(36)}`;
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await logInAsAdmin(page, baseURL);

  // The list: every e-mail, reached from the sidebar's Documents group.
  await page.goto("/dashboard");
  if (phone) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Templates", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${TEMPLATES}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
  const names = ["Verification", "Password reset", "Order confirmation", "Payment received", "Order shipped"];
  // The delivered e-mail (decision 078) is edited like the others.
  for (const name of [...names, "Order delivered"]) {
    await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expectNoViolations(page, "the e-mail templates");
  await expectNoSidewaysScroll(page);
  await shot("templates-list");

  await page.getByRole("link", { name: /^Order confirmation/ }).click();
  await expect(page).toHaveURL(new RegExp(`${TEMPLATES}/order_placed$`));
  const subject = page.getByRole("textbox", { name: "Subject" });
  const body = page.getByRole("textbox", { name: "Text" });
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(subject).toHaveValue(DEFAULT_SUBJECT);
  await expect(preview.getByTestId("preview-subject")).toHaveText("Order 7K3M-9QX2 is placed — please pay with Zelle");
  await expect(preview.getByTestId("preview-text")).toContainText("Thank you for your order 7K3M-9QX2.");
  await expect(page.getByRole("button", { name: /^Insert \{\{paymentInstructions\}\}/ })).toBeVisible();

  // A placeholder the e-mail does not have is named beside the field, from the live preview.
  await subject.fill(`${DEFAULT_SUBJECT} {{discountCode}}`);
  await expect(page.getByText("{{discountCode}} is not a placeholder of this e-mail.").first()).toBeVisible();
  await expect(subject).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, "the template editor with a refused placeholder");
  await subject.fill(DEFAULT_SUBJECT);
  await expect(subject).not.toHaveAttribute("aria-invalid", "true");
  // The browser logs the refused preview's answer (400), and nothing else.
  expect(consoleErrors.length).toBeGreaterThan(0);
  expect(consoleErrors.filter((error) => !error.includes("400"))).toEqual([]);
  consoleErrors.length = 0;

  await holdingTemplateLock(async () => {
    try {
      // The subject stays (other specs read it); a paragraph is added to the text, a placeholder clicked in.
      await body.click();
      await body.press("ControlOrMeta+End");
      await page.keyboard.type("\n\nP.S. Order ");
      await page.getByRole("button", { name: /^Insert \{\{orderNumber\}\}/ }).click();
      await expect(body).toBeFocused();
      await page.keyboard.type(` is packed by hand (${marker}).`);
      await expect(body).toHaveValue(/\n\nP\.S\. Order \{\{orderNumber\}\} is packed by hand \(.+\)\.$/);
      await expect(preview.getByTestId("preview-text")).toContainText(
        `P.S. Order 7K3M-9QX2 is packed by hand (${marker}).`,
      );
      await expectNoViolations(page, "the template editor with its preview");
      await expectNoSidewaysScroll(page);
      await shot("template-editor");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await toastAtRest(page, "“Order confirmation” saved");
      await expect(page.getByText(/^Edited by /)).toBeVisible();

      // A buyer's next order: the mail has the subject as before and the new words.
      const { email, order } = await newBuyerWithOrder(request, origin, {
        prefix: "mail-template",
      });
      const mail = await lastMailTo(email, { atLeast: 2 }); // the verification, then the order
      expect(mail.subject).toBe(`Order ${order.number} is placed — please pay with Zelle`);
      expect(mail.text).toContain(`Thank you for your order ${order.number}.`);
      expect(mail.text).toContain(`P.S. Order ${order.number} is packed by hand (${marker}).`);
      expect(mail.html).toContain(`P.S. Order ${order.number} is packed by hand (${marker}).`);

      // Reset to default, after asking.
      await page.getByRole("button", { name: "Reset to default" }).click();
      const dialog = page.getByRole("dialog", { name: "Reset “Order confirmation” to default?" });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, "the reset question");
      await dialog.getByRole("button", { name: "Reset to default" }).click();
      await toastAtRest(page, "“Order confirmation” is back to its default words.");
      await expect(body).not.toHaveValue(/P\.S\./);
      await expect(page.getByText("Default words", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Reset to default" })).toBeDisabled();
    } finally {
      // Whatever happened above, the shop's other specs get the default words back.
      await page.request.delete("/api/admin/mail-templates/order_placed", { headers: { Origin: origin } });
    }
  });
  await page.goto(TEMPLATES);
  await expect(page.getByRole("link", { name: /^Order confirmation/ })).toContainText("Default");
});
