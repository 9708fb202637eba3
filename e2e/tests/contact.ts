import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Sends the contact form with no name, a bad e-mail and too short a message, and expects each field's message. */
export async function sendBadContactMessage(page: Page) {
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
}

/** Fills the contact form as a buyer with a question about an order would, and sends it. */
export async function sendGoodContactMessage(page: Page) {
  await page.getByLabel("Your name").fill("Jordan Tester");
  await page.getByLabel("E-mail").fill("jordan@example.com");
  await page.getByLabel("Order number (optional)").fill("LC-1042");
  await page.getByLabel("Message", { exact: true }).fill("Is the Gelato flower batch from October still in stock?");
  await page.getByRole("button", { name: "Send message" }).click();
}
