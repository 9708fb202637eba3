import { expect, test } from "./fixtures.ts";

test("the contact form explains each bad field beside it and sends nothing @phone", async ({ page }) => {
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/contact")) posted = true;
  });
  await page.goto("/contact-us");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Store details" })).toContainText("support@");

  await page.getByLabel("E-mail").fill("not-an-address");
  await page.getByLabel("Message", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Send message" }).click();

  const name = page.getByLabel("Your name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Please enter your name.");
  await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("Please enter a valid e-mail address.");
  await expect(page.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(
    "Please write at least 10 characters.",
  );
  expect(posted).toBe(false);
});

test("a good message is stored and confirmed", async ({ page }) => {
  await page.goto("/contact-us");
  await page.getByLabel("Your name").fill("Jordan Tester");
  await page.getByLabel("E-mail").fill("jordan@example.com");
  await page.getByLabel("Order number (optional)").fill("LC-1042");
  await page.getByLabel("Message", { exact: true }).fill("Is the Gelato flower batch from October still in stock?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status")).toContainText("Message sent.");
  await expect(page.getByLabel("Your name")).toHaveValue("");
});

test("the header and the mobile menu lead to Contact Us", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
});
