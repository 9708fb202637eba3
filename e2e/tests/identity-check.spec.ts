import type { Page } from "@playwright/test";
import sharp from "sharp";
import { BUYER_PASSWORD, logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { linkInMail } from "./mailbox.ts";
import { newProduct } from "./products.ts";

// Decision 099: on a shop whose identity provider reads IDs (here Veratad's simulator, started by
// `serve.mjs --veratad`), a vape order checks the buyer's identity. A buyer the records do not
// match ("Nomatch") gets an order waiting for photos of their ID; once they pass, the order asks
// for payment, and staff read every answer with the order.

/** This server's mailbox (playwright.config.ts gives each test server its own). */
const mailbox = `${process.env.E2E_MAILBOX}-identity`;

/** A buyer with this last name, signed up, verified and signed in on `page`. */
async function buyer(page: Page, origin: string, lastName: string): Promise<string> {
  const email = `identity-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@buyer.test`;
  const headers = { Origin: origin };
  const signUp = await page.request.post("/api/User", {
    headers,
    data: {
      firstName: "Robin",
      lastName,
      email,
      password: BUYER_PASSWORD,
      dateOfBirth: "1990-05-17",
      acceptTerms: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const token = new URL(await linkInMail(email, "/verify-email", { dir: mailbox }), origin).searchParams.get("token");
  expect((await page.request.post("/api/Auth/verify-email", { headers, data: { token } })).status()).toBe(200);
  const login = await page.request.post("/api/Auth/login", { headers, data: { email, password: BUYER_PASSWORD } });
  expect(login.status()).toBe(200);
  return email;
}

async function orderVape(page: Page, origin: string): Promise<string> {
  const vape = await newProduct(origin, { name: "Identity check vape", classes: ["ENDS"] });
  await addToCart(page, vape);
  await page.goto("/cart/checkout");
  await fillDeliveryAddress(page.getByRole("region", { name: /^1\. / }), {
    fullName: "Robin Nomatch",
    line1: "12 Elm Street",
    city: "Austin",
    state: "TX",
    zip: "78701",
  });
  await page.getByRole("radio", { name: "Zelle" }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

const photo = (shade: number) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: { r: shade, g: 110, b: 80 } } })
    .jpeg()
    .toBuffer();

test("a vape order whose buyer no record matches waits for photos of their ID, then asks for payment; staff see each answer", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const shot = (name: string) => testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await buyer(page, origin, "Nomatch");
  const number = await orderVape(page, origin);

  await expect(
    page.getByRole("heading", { name: `Your order ${number} is placed, waiting for your ID` }),
  ).toBeFocused();
  const step = page.getByRole("region", { name: "Next step: upload a photo of your ID" });
  await expect(step).toBeVisible();
  await expect(page.getByText("Identity check pending").first()).toBeVisible();
  await expect(page.getByRole("region", { name: /^How to pay/ })).toHaveCount(0);
  await expectNoViolations(page, "the order waiting for the buyer's ID");
  await page.screenshot({ path: shot("waiting"), fullPage: true });

  await step
    .getByLabel("Front of your ID")
    .setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await photo(210) });
  await step
    .getByLabel("Back of your ID (if it has a barcode)")
    .setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: await photo(70) });
  await step.getByRole("button", { name: "Send photos for checking" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Thank you: your ID is verified. Please pay as described below." }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: /^How to pay/ })).toBeVisible();
  await expect(step).toHaveCount(0);
  await expectNoViolations(page, "the order after the ID passed");
  await page.screenshot({ path: shot("verified"), fullPage: true });

  await page.goto("about:blank");
  await logInAsAdmin(page, baseURL);
  await page.goto(`/dashboard/orders/${number}`);
  const compliance = page.getByRole("region", { name: "Compliance" });
  await expect(compliance).toContainText("Date of birth, and an age and identity check");
  await expect(compliance).toContainText("No record: photo of an ID asked for");
  const checks = compliance.getByRole("list", { name: "The identity provider's answers, oldest first" });
  await expect(checks.getByRole("listitem")).toHaveText([/^Record check: Not verified/, /^Photo of an ID: Verified/]);
  await expectNoViolations(page, "the staff's order with its identity checks");
  await compliance.screenshot({ path: shot("staff-evidence") });
});
