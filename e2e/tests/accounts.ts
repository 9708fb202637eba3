import { expect, type Page } from "@playwright/test";

/** The test shop's first super admin (passed to the server by playwright.config.ts). */
export const ADMIN = { email: "owner@e2e.test", password: "e2e owner passphrase 1" };

/** Signs the page's browser context in as the test shop's super admin (the session cookie). */
export async function logInAsAdmin(page: Page, baseURL: string | undefined): Promise<void> {
  const response = await page.request.post("/api/Auth/login", {
    headers: { Origin: baseURL ?? "" },
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(response.status()).toBe(200);
}
