import { expect, test } from "./fixtures.ts";

test.use({ ageVerified: false });

const currentYear = new Date().getFullYear();

test("a new visitor gets the gate in the first HTML, with the page behind it inert", async ({ request }) => {
  const html = await (await request.get("/products")).text();
  expect(html).toContain("Age Verification");
  expect(html).toContain("Please select your birth year to continue.");
  // `inert` and `inert=""` are the same boolean attribute.
  expect(html).toMatch(/<div[^>]*\sinert(="")?[\s>][^>]*aria-hidden="true"/);
});

test("the gate shows the spec's texts and 100 birth years, most recent first @phone", async ({ page }) => {
  await page.goto("/products");
  const dialog = page.getByRole("dialog", { name: "Age Verification" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Please select your birth year to continue.")).toBeVisible();
  const select = dialog.getByRole("combobox", { name: "Birth year" });
  await expect(select).toBeFocused();
  const options = await select.locator("option").allInnerTexts();
  expect(options[0]).toBe("Select your birth year");
  expect(options.slice(1)).toHaveLength(100);
  expect(options[1]).toBe(String(currentYear));
  expect(options[100]).toBe(String(currentYear - 99));
  await expect(dialog.getByRole("button", { name: "Enter" })).toBeVisible();
  // The page behind the gate cannot be reached.
  await expect(page.getByRole("heading", { name: "All products" })).toBeHidden();
});

test("Enter without a year does nothing, and closing never admits", async ({ page, context }) => {
  await page.goto("/products");
  const dialog = page.getByRole("dialog", { name: "Age Verification" });
  await dialog.getByRole("button", { name: "Enter" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === "ageVerified")).toBeUndefined();
});

test("a year under 18 is refused with the spec's message and no cookie", async ({ page, context }) => {
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Age Verification" });
  await dialog.getByRole("combobox").selectOption(String(currentYear - 17));
  await dialog.getByRole("button", { name: "Enter" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Sorry, you must be 18 or older to enter.");
  await expect(dialog).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === "ageVerified")).toBeUndefined();
});

test("a year of 18 admits, sets the cookie for 30 days, and no gate comes back after reload @phone", async ({
  page,
  context,
}) => {
  await page.goto("/products");
  const dialog = page.getByRole("dialog", { name: "Age Verification" });
  await dialog.getByRole("combobox").selectOption(String(currentYear - 18));
  await dialog.getByRole("button", { name: "Enter" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "All products" })).toBeVisible();

  // The page writes the cookie with document.cookie; the browser's cookie store, which
  // context.cookies() reads, takes it a moment later, so the test waits for it.
  const ageCookie = async () => (await context.cookies()).find((candidate) => candidate.name === "ageVerified");
  await expect.poll(async () => (await ageCookie())?.value).toBe("true");
  const cookie = await ageCookie();
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);

  await page.reload();
  await expect(page.getByRole("heading", { name: "All products" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Age Verification" })).toHaveCount(0);
});

test("the gate works by keyboard alone", async ({ page }) => {
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Age Verification" });
  await expect(dialog.getByRole("combobox")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Enter" })).toBeFocused();
  await page.keyboard.press("Tab");
  // Focus stays in the dialog: from its last control it goes round to its first.
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await dialog.getByRole("combobox").selectOption(String(currentYear - 40));
  await dialog.getByRole("combobox").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
});

// The focus never leaves the gate while it is open (the page behind is inert, and the focus went on
// to the browser's own bar; decision 081). Everything else about the gate stays as the spec has it.
test("Tab and Shift+Tab go round the gate's controls and never leave it @phone", async ({ page }) => {
  await page.goto("/products");
  const dialog = page.getByRole("dialog", { name: "Age Verification" });
  const year = dialog.getByRole("combobox", { name: "Birth year" });
  const enter = dialog.getByRole("button", { name: "Enter" });
  const close = dialog.getByRole("button", { name: "Close" });
  await expect(year).toBeFocused();
  for (const next of [enter, close, year, enter, close]) {
    await page.keyboard.press("Tab");
    await expect(next).toBeFocused();
  }
  for (const previous of [enter, year, close, enter]) {
    await page.keyboard.press("Shift+Tab");
    await expect(previous).toBeFocused();
  }
  for (let press = 0; press < 7; press++) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
});
