import { sendBadContactMessage, sendGoodContactMessage } from "./contact.ts";
import { expect, test } from "./fixtures.ts";
import { postsFrom } from "./pages.ts";

test("the contact form explains each bad field beside it and sends nothing @phone", async ({ page }) => {
  // The form posts to its page's action (decision 028), which posts to /api/contact: neither is sent.
  const posts = postsFrom(page);
  await page.goto("/contact-us");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Store details" })).toContainText("support@");

  await sendBadContactMessage(page);
  expect(posts).toEqual([]);
});

test("a good message is stored and confirmed", async ({ page }) => {
  await page.goto("/contact-us");
  await sendGoodContactMessage(page);
  await expect(page.getByRole("status")).toContainText("Message sent.");
  await expect(page.getByLabel("Your name")).toHaveValue("");
});

test("the header and the mobile menu lead to Contact Us", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
});
