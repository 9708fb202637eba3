import type { Browser, Page } from "@playwright/test";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { linkInMail } from "./mailbox.ts";

/** A staff member (not an Owner) of this test's own, signed in in a browser of their own. */
async function staffMember(page: Page, browser: Browser, baseURL: string, lastName: string) {
  const email = `audit-${lastName.toLowerCase()}@e2e.test`;
  const created = await page.request.post("/api/staff", {
    headers: { Origin: baseURL },
    data: { firstName: "Avery", lastName, email, role: "staff" },
  });
  expect(created.status()).toBe(201);
  const token = new URL(await linkInMail(email, "/reset-password"), baseURL).searchParams.get("token");
  const password = "audit staff passphrase 4";
  const set = await page.request.post("/api/Auth/reset-password", {
    headers: { Origin: baseURL },
    data: { token, password },
  });
  expect(set.status()).toBe(200);
  const context = await browser.newContext({ baseURL });
  const staffPage = await context.newPage();
  const errors: string[] = [];
  staffPage.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  staffPage.on("pageerror", (error) => errors.push(error.message));
  const login = await staffPage.request.post("/api/Auth/login", {
    headers: { Origin: baseURL },
    data: { email, password },
  });
  expect(login.status()).toBe(200);
  return { staffPage, context, errors, name: `Avery ${lastName}` };
}

test("staff change a product's price; the Owner finds it in the audit log with before and after", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow(); // two people, a mail, an edit and a filtered list
  const origin = baseURL ?? "";
  const project = testInfo.project.name === "phone" ? "phone" : "desktop";
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const lastName = `Auditee${tag}`.replace(/\d/g, "x");
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}-${project}.png`), fullPage: true });

  await logInAsAdmin(page, origin);
  const categories: { id: string }[] = await (await page.request.get("/api/MasterCategory")).json();
  const made = await page.request.post("/api/Product", {
    headers: { Origin: origin },
    multipart: {
      ProductName: `Audit Mango ${tag}`,
      ProductType: "Disposable",
      Description: "Made by the audit log browser test.",
      MasterCategoryId: categories[0]?.id ?? "",
      SellingPricePCS: "10.00",
      Active: "false",
      Stock: "0",
    },
  });
  expect(made.status()).toBe(201);
  const product = (await made.json()) as { id: string };

  try {
    const staff = await staffMember(page, browser, origin, lastName);
    // Staff change the price on the product form.
    await staff.staffPage.goto(`/dashboard/products/${product.id}/edit`);
    await staff.staffPage.getByLabel("Selling price per piece ($)").fill("12.49");
    await staff.staffPage.getByRole("button", { name: "Save changes" }).click();
    await expect(staff.staffPage.locator("[data-sonner-toast]").first()).toBeVisible();
    // The log is not theirs to read: no link in the sidebar, and the page says so in its place,
    // naming itself (decision 077).
    await expect(staff.staffPage.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    await staff.staffPage.goto("/dashboard/settings/audit-log");
    await expect(staff.staffPage.getByRole("main")).toContainText(
      "The Audit log page needs an Owner account, and you are signed in as Staff.",
    );
    expect(staff.errors, "the staff member's console errors").toEqual([]);
    await staff.context.close();

    await page.goto("/dashboard/settings/audit-log");
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    if (project === "desktop") {
      await expect(page.getByRole("navigation").getByRole("link", { name: "Audit log" })).toBeVisible();
    }
    await expect(page.getByRole("list", { name: "Changes, newest first" })).toBeVisible();
    await page.getByLabel("Kind").selectOption("price");
    await expect(page).toHaveURL(/kind=price/);
    await page.getByLabel("Person").selectOption({ label: staff.name });
    await expect(page).toHaveURL(/kind=price.*actor=|actor=.*kind=price/);
    const entry = page.getByRole("article").filter({ hasText: `Audit Mango ${tag}` });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(staff.name);
    await expect(entry).toContainText("updated");
    const row = entry.getByRole("row", { name: /Selling price PCS/ });
    await expect(row.getByRole("cell").nth(0)).toHaveText("10.00");
    await expect(row.getByRole("cell").nth(1)).toHaveText("12.49");
    await expectNoViolations(page, "audit log");
    await shot("audit-log");

    // A day with no changes shows the empty state, with the way back.
    await page.goto("/dashboard/settings/audit-log?from=2001-01-01&to=2001-01-02");
    await expect(page.getByRole("heading", { name: "No changes match these filters" })).toBeVisible();
    await expectNoViolations(page, "audit log, nothing matches");
  } finally {
    const removed = await page.request.delete(`/api/Product/${product.id}`, { headers: { Origin: origin } });
    expect(removed.status()).toBe(204);
  }
});
