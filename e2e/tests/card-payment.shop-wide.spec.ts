import { devices, type Page } from "@playwright/test";
import { NO_PAYEE, type PaymentMethod } from "@shop/shared";
import { asOwner, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { newProduct } from "./products.ts";

// Issue 37's acceptance, card part: a buyer pays by card, typed into the gateway's hosted form
// (the test server's Authorize.net simulator serves a stand-in of it), and the order shows the
// total held, then paid once staff ship it; a declined card is said in words and asked again.
// A shop-wide spec: switching the card method on changes every checkout, so it runs alone.

const CARD: PaymentMethod = {
  id: "card",
  kind: "card",
  name: "Card",
  instructions: "Pay with a credit or debit card.",
  payee: NO_PAYEE,
  enabled: true,
};

/** The shop's payment methods with the card switched on or taken away. */
async function offerCard(origin: string, offered: boolean): Promise<void> {
  await asOwner(origin, async (owner) => {
    const { paymentMethods } = (await (await owner.get("/api/settings")).json()) as { paymentMethods: PaymentMethod[] };
    const others = paymentMethods.filter((method) => method.kind !== "card");
    const saved = await owner.patch("/api/settings", {
      data: { paymentMethods: offered ? [...others, CARD] : others },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });
}

/** Types a card into the hosted form that "Enter card details" opens. */
async function enterCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByRole("button", { name: /Enter card details|Use another card/ }).click();
  const form = page.frameLocator('iframe[title="Card details"]');
  await form.getByLabel("Card number").fill(cardNumber);
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("Security code").fill("123");
  await form.getByRole("button", { name: "Pay" }).click();
}

for (const [viewport, device] of [
  ["desktop", devices["Desktop Chrome"]],
  ["phone", devices["Pixel 7"]],
] as const) {
  test.describe(`on a ${viewport}`, () => {
    const { defaultBrowserType: _, ...use } = device;
    test.use(use);

    test("a buyer pays by card in the hosted form: held when placed, paid once shipped; a declined card is asked again", async ({
      page,
      baseURL,
      consoleErrors,
    }) => {
      test.slow(); // a checkout, the hosted form twice and a staff step
      const origin = baseURL ?? "";
      await offerCard(origin, true);
      try {
        const product = await newProduct(origin, { name: "Card paid candy", piece: "12.00" });
        await verifiedBuyer(page.request, origin, { prefix: `card-${viewport}`, signIn: true });
        await addToCart(page, product);
        await page.goto("/cart/checkout");
        await fillDeliveryAddress(page.getByRole("region", { name: "1. Delivery" }), {
          fullName: "Robin Hale",
          line1: "500 Congress Avenue",
          city: "Austin",
          state: "TX",
          zip: "78701",
        });
        await page.getByRole("radio", { name: "Card" }).check();
        await expect(page.getByText("The total is held on your card when you place the order")).toBeVisible();

        // Without a card the order is not sent, and the form says why beside the card.
        await page.getByRole("button", { name: "Place order" }).click();
        await expect(page.getByText("Please enter your card details.")).toBeVisible();

        // A declined card: the gateway's words, and the card asked again.
        await enterCard(page, "4000 0000 0000 0002");
        await expect(page.getByText("Card ending in 0002")).toBeVisible();
        await page.getByRole("button", { name: "Place order" }).click();
        await expect(page.getByRole("alert")).toContainText("Your card was declined by its bank.");
        await expect(page.getByText("Please enter your card details again.")).toBeVisible();
        // The refused order's answer is the one line the browser logs; nothing else went wrong.
        expect(consoleErrors).toEqual([
          "Failed to load resource: the server responded with a status of 409 (Conflict)",
        ]);
        consoleErrors.length = 0;
        await expectNoViolations(page, "the checkout after a declined card");

        await enterCard(page, "4111 1111 1111 1111");
        await expect(page.getByText("Card ending in 1111")).toBeVisible();
        await expectNoViolations(page, "the checkout with a card entered");
        await page.getByRole("button", { name: "Place order" }).click();
        await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
        const number = new URL(page.url()).pathname.split("/").pop() ?? "";
        const payment = page.getByRole("region", { name: "Payment" });
        await expect(payment).toContainText("is held on your card; it is charged when we ship the order.");
        await expectNoViolations(page, "an order paid by card, before shipping");

        await asOwner(origin, async (owner) => {
          const shipped = await owner.post(`/api/admin/orders/${number}/shipment`, {
            data: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
          });
          expect(shipped.status(), await shipped.text()).toBe(200);
        });
        await page.reload();
        await expect(payment).toContainText("Your payment has arrived. Thank you.");
      } finally {
        await offerCard(origin, false);
      }
    });
  });
}
