import { logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { newProduct } from "./products.ts";

// Decision 045: the demo's starter rules give vapes the PACT Act's
// requirements, so a vape cannot go to a PO box, and its order is flagged for an adult signature
// on the staff's order page and on the packing slip.

test("a vape is refused to a PO box at checkout, and its order is flagged for an adult signature @phone", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const origin = baseURL ?? "";
  await verifiedBuyer(page.request, origin, { prefix: "adult-signature", signIn: true });
  const vape = await newProduct(origin, { name: "Mistral vape", classes: ["ENDS"] });

  await addToCart(page, vape);
  await page.goto("/cart/checkout");
  const delivery = page.getByRole("region", { name: /^1\. / });
  await fillDeliveryAddress(delivery, {
    fullName: "Robin Hale",
    line1: "PO Box 1432",
    city: "Austin",
    state: "TX",
    zip: "78701",
  });
  await page.getByRole("radio", { name: "Zelle" }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  const street = delivery.getByLabel("Street address");
  await expect(street).toHaveAttribute("aria-invalid", "true");
  await expect(delivery.getByText(/^Is a PO box: “.+” needs a street address\.$/)).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  // The browser logs the refused request (400); that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("400")]);
  consoleErrors.length = 0;
  await expectNoViolations(page, "the checkout refusing a PO box");
  await page.screenshot({ path: testInfo.outputPath("po-box-refused.png"), fullPage: true });

  await street.fill("12 Elm Street");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  const number = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expect(
    page.getByText("An adult aged 21 or older must show ID and sign for this parcel when it is delivered."),
  ).toBeVisible();
  await page.goto("about:blank");

  await logInAsAdmin(page, baseURL);
  await page.goto(`/dashboard/orders/${number}`);
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText("Adult signature 21+ required").first()).toBeVisible();
  const compliance = page.getByRole("region", { name: "Compliance" });
  await expect(compliance.getByRole("list", { name: "Rules applied to each line" })).toContainText(
    "Vape device or cartridge (ENDS), United States",
  );
  await expect(compliance).toContainText("Date of birth on the account");
  await expectNoViolations(page, "the order flagged for an adult signature");
  await compliance.screenshot({ path: testInfo.outputPath("order-compliance.png") });

  await page.goto(`/dashboard/orders/${number}/packing-slip`);
  await expect(page.getByRole("region", { name: "Delivery requirements" })).toContainText(
    "Adult signature 21+ required",
  );
  await expectNoViolations(page, "the packing slip of a vape order");
  await page.screenshot({ path: testInfo.outputPath("packing-slip.png"), fullPage: true });
});
