import type { Page } from "@playwright/test";
import type { AdminProductVariants, Order } from "@shop/shared";
import { asOwner, logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { newProduct } from "./products.ts";

// Issue 36's acceptance: a buyer with a 10 ml nicotine vape ships it to Ohio and sees the state's
// excise in the cart, at checkout and on the order; the same cart to Texas owes none; staff see the
// excise on the invoice and the packing slip (the excise report's CSV is excise-report.spec.ts).
// The vape is the test's own; the Ohio tax is the demo's example rule ($0.10 a millilitre of
// nicotine liquid), as other tests rely on the demo's starter rules.

/** The Ohio excise of one 10 ml vape, as its row reads. */
const OHIO_ROW = /Ohio[^:]*: 10 ml × \$0\.10/;

/** The quote's or the order's excise row (its label then its amount). */
const exciseRow = (page: Page) => page.locator("dl div").filter({ has: page.locator("dt", { hasText: OHIO_ROW }) });

const shipTo = (page: Page, origin: string, state: string) =>
  page.context().addCookies([{ name: "shipState", value: state, url: origin }]);

test("a 10 ml nicotine vape shipped to Ohio owes the state's excise in the cart, at checkout and on the order; to Texas none; staff see it on the invoice @phone", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // a checkout and a staff page
  const origin = baseURL ?? "";
  const vape = await newProduct(origin, { name: "Excise pod", classes: ["ENDS", "NICOTINE"], piece: "20.00" });
  // Its liquid, as staff record it on the variant: 10 ml.
  await asOwner(origin, async (owner) => {
    const url = `/api/admin/products/${vape.id}/variants`;
    const grid = (await (await owner.get(url)).json()) as AdminProductVariants;
    const saved = await owner.put(url, {
      data: {
        options: grid.options,
        variants: grid.variants.map(({ own: _own, image: _image, stock: _stock, ...variant }) => ({
          ...variant,
          liquidMl: 10_000,
        })),
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });
  await verifiedBuyer(page.request, origin, { prefix: "excise", signIn: true });

  // The cart, shipping to Ohio: the tax on its line, $1.00, in the total.
  await shipTo(page, origin, "OH");
  await addToCart(page, vape);
  await page.goto("/cart");
  await expect(exciseRow(page)).toContainText("$1.00");
  await expectNoViolations(page, "the cart with an excise tax");

  // The same cart to Texas: no excise.
  await shipTo(page, origin, "TX");
  await page.reload();
  await expect(page.getByText("Sales tax (Texas")).toBeVisible();
  await expect(page.getByText(OHIO_ROW)).toHaveCount(0);

  // At checkout to an Ohio address: the review shows it, and so does the order.
  await shipTo(page, origin, "OH");
  await page.goto("/cart/checkout");
  await fillDeliveryAddress(page.getByRole("region", { name: "1. Delivery" }), {
    fullName: "Robin Hale",
    line1: "30 East Broad Street",
    city: "Columbus",
    state: "OH",
    zip: "43215",
  });
  const review = page.getByRole("region", { name: "3. Review your order" });
  await expect(review.locator("dt", { hasText: OHIO_ROW })).toBeVisible();
  await expect(exciseRow(page)).toContainText("$1.00");
  await expectNoViolations(page, "the checkout's review with an excise tax");
  await page.getByRole("radio", { name: "Zelle" }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  const number = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expect(exciseRow(page)).toContainText("$1.00");
  const order = (await (await page.request.get(`/api/account/orders/${number}`)).json()) as Order;
  expect(order.exciseCents).toBe(100);

  // Staff: the invoice carries the tax as its own row.
  const staff = await browser.newPage({ baseURL: origin });
  await staff.context().addCookies([{ name: "ageVerified", value: "true", url: origin }]);
  await logInAsAdmin(staff, origin);
  await staff.goto(`/dashboard/orders/${number}/invoice`);
  const invoice = staff.getByRole("article", { name: "Invoice" });
  await expect(invoice.locator("dl div").filter({ has: staff.locator("dt", { hasText: OHIO_ROW }) })).toContainText(
    "$1.00",
  );
  await expectNoViolations(staff, "the invoice with an excise tax");
  // The packing slip has no prices, but says what excise was collected.
  await staff.goto(`/dashboard/orders/${number}/packing-slip`);
  const slip = staff.getByRole("article", { name: "Packing slip" });
  await expect(slip.getByRole("listitem").filter({ hasText: OHIO_ROW })).toContainText("$1.00");
  await staff.close();
});
