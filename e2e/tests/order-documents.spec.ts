import type { Page } from "@playwright/test";
import type { Order } from "@shop/shared";
import { formatCents } from "@shop/shared/rules";
import { BUYER_PASSWORD, logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { checkoutFromCartDrawer, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { newBuyerWithOrder, recordPayment } from "./orders.ts";
import { toastAtRest } from "./pages.ts";
import { newProduct } from "./products.ts";

/** How many pages a PDF from Chromium has: its page objects. */
function pdfPages(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

/** The dashboard's chrome, which a printed document must not carry. */
async function expectNoDashboardChrome(page: Page): Promise<void> {
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Order List" })).toHaveCount(0);
}

test("a buyer's note at checkout reaches staff, who keep internal notes the buyer never sees", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow(); // the buyer orders with a note, staff add theirs and print both documents: five axe scans
  const origin = baseURL ?? "";
  const email = await verifiedBuyer(page.request, origin, { prefix: "order-notes", signIn: true });
  const product = await newProduct(origin, { name: "Mint tin" });

  // The buyer writes a note for the shop at the checkout.
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await checkoutFromCartDrawer(page);
  await fillDeliveryAddress(page.getByRole("region", { name: /^1\. / }), {
    fullName: "Robin Hale",
    line1: "12 Elm Street",
    city: "Austin",
    state: "TX",
    zip: "78701",
  });
  const buyerNote = page.getByRole("textbox", { name: "Note for the shop (optional)" });
  await buyerNote.fill("  Please leave it with the concierge.  ");
  await page.getByRole("radio", { name: "Zelle" }).check();
  await expectNoViolations(page, "the checkout with a note for the shop");
  await buyerNote.screenshot({ path: testInfo.outputPath("checkout-note.png") });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  const number = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expect(page.getByRole("heading", { level: 2, name: `Order ${number}`, exact: true })).toBeVisible();
  // Off the buyer's page first: a call of its own still under way when the session changes would
  // come back 401 and clear the new session's cookie.
  await page.goto("about:blank");

  // Staff see it on the order, and add notes of their own.
  await logInAsAdmin(page, baseURL);
  await page.goto(`/dashboard/orders/${number}`);
  const activity = page.getByRole("region", { name: "Timeline and notes" });
  await expect(activity.getByText("Note from the buyer")).toBeVisible();
  await expect(activity.getByText("Please leave it with the concierge.", { exact: true })).toBeVisible();
  await expectNoViolations(page, "the order with the buyer's note");

  const note = activity.getByRole("textbox", { name: "Add a note" });
  await activity.getByRole("button", { name: "Add note" }).click();
  await expect(activity.getByText("Please write the note.")).toBeVisible();
  await expect(note).toHaveAttribute("aria-invalid", "true");
  await note.fill("Buyer called: the concierge desk closes at 6 pm.");
  await activity.getByRole("button", { name: "Add note" }).click();
  await toastAtRest(page, "Note added");
  const timeline = activity.getByRole("list", { name: "Order timeline" });
  const added = timeline.getByRole("listitem").first();
  await expect(added).toContainText("Buyer called: the concierge desk closes at 6 pm.");
  await expect(added).toContainText("Internal");
  await expect(added).toContainText(/Note by \S/);
  await expect(note).toHaveValue("");
  await expect(timeline.getByRole("listitem").last()).toContainText("Awaiting payment");
  await expectNoViolations(page, "the order with a staff note");
  await activity.screenshot({ path: testInfo.outputPath("order-notes.png") });
  await page.screenshot({ path: testInfo.outputPath("order-page.png"), fullPage: true });

  // A reload shows the note as it was kept; the buyer never sees it.
  await page.reload();
  await expect(activity.getByText("Buyer called: the concierge desk closes at 6 pm.")).toBeVisible();

  // The printed documents read on a phone too.
  for (const name of ["Packing slip", "Invoice"]) {
    await page.getByRole("link", { name: `Print ${name.toLowerCase()}` }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("article", { name })).toContainText("Robin Hale");
    await expectNoViolations(page, name);
    await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
    await page.getByRole("link", { name: `Back to order ${number}` }).click();
    await expect(activity).toBeVisible();
  }
  const login = await request.post("/api/Auth/login", {
    headers: { Origin: origin },
    data: { email, password: BUYER_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const own = await request.get(`/api/account/orders/${number}`);
  expect(own.status()).toBe(200);
  expect(((await own.json()) as Order).buyerNote).toBe("Please leave it with the concierge.");
  expect(await own.text()).not.toContain("concierge desk closes");
});

test("staff print a packing slip and an invoice: one page on Letter and on A4, nothing but the document", async ({
  page,
  request,
  baseURL,
  playwright,
}, testInfo) => {
  const origin = baseURL ?? "";
  const { email, product, order } = await newBuyerWithOrder(request, origin, {
    prefix: "order-documents",
    quantity: 2,
    buyerNote: "Ring twice, please.",
  });
  await logInAsAdmin(page, baseURL);
  await page.goto(`/dashboard/orders/${order.number}`);

  // The packing slip: what goes in the parcel, without prices.
  await page.getByRole("link", { name: "Print packing slip" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.number}/packing-slip$`));
  const slip = page.getByRole("article", { name: "Packing slip" });
  await expect(slip.getByRole("heading", { level: 1, name: "Packing slip" })).toBeVisible();
  await expect(slip).toContainText(order.number);
  await expect(slip).toContainText("Robin Hale");
  await expect(slip).toContainText("12 Elm Street");
  await expect(slip).toContainText("Ring twice, please.");
  const items = slip.getByRole("table", { name: "Items to pack" });
  await expect(items.getByRole("columnheader")).toHaveText(["Packed", "Item", "SKU", "Unit", "Qty"]);
  const line = items.getByRole("row").filter({ hasText: product.name });
  await expect(line.getByRole("cell")).toHaveText(["", product.name, product.sku, "Per piece", "2"]);
  await expect(slip).not.toContainText("$");
  await expectNoDashboardChrome(page);
  await expectNoViolations(page, "the packing slip");
  await page.screenshot({ path: testInfo.outputPath("packing-slip-screen.png"), fullPage: true });

  // The print dialog is the browser's: the test counts the calls instead.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole("button", { name: "Print packing slip" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print packing slip" })).toBeHidden();
  await expect(page.getByRole("link", { name: /Back to order/ })).toBeHidden();
  await expect(slip).toBeVisible();
  // A long order's table repeats its header on each page and keeps each row whole.
  await expect(items.locator("thead")).toHaveCSS("display", "table-header-group");
  await expect(line).toHaveCSS("break-inside", "avoid");
  await page.screenshot({ path: testInfo.outputPath("packing-slip-print.png"), fullPage: true });
  for (const format of ["Letter", "A4"] as const) {
    const pdf = await page.pdf({ format, path: testInfo.outputPath(`packing-slip-${format}.pdf`) });
    expect(pdfPages(pdf), `packing slip on ${format}`).toBe(1);
  }
  await page.emulateMedia({ media: "screen" });

  // The invoice: prices, totals, what is due and how to pay it.
  await page.getByRole("link", { name: `Back to order ${order.number}` }).click();
  await page.getByRole("link", { name: "Print invoice" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.number}/invoice$`));
  const invoice = page.getByRole("article", { name: "Invoice" });
  await expect(invoice.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
  await expect(invoice).toContainText(`Invoice no.${order.number}`);
  await expect(invoice).toContainText(email);
  const billed = invoice.getByRole("table", { name: "Items billed" });
  await expect(billed.getByRole("columnheader")).toHaveText(["Item", "Unit", "Qty", "Unit price", "Amount"]);
  const unit = order.lines[0]?.unitPriceCents ?? 0;
  await expect(billed.getByRole("row").filter({ hasText: product.name }).getByRole("cell")).toHaveText([
    `${product.name}SKU ${product.sku}`,
    "Per piece",
    "2",
    formatCents(unit),
    formatCents(unit * 2),
  ]);
  const total = (label: string) =>
    invoice.locator("dl div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}`) }) });
  await expect(total("Subtotal").locator("dd")).toHaveText(formatCents(order.subtotalCents));
  await expect(total("Total").locator("dd")).toHaveText(formatCents(order.totalCents));
  await expect(total("Balance due").locator("dd")).toHaveText(formatCents(order.totalCents));
  await expect(invoice).toContainText("StatusUnpaid");
  await expect(invoice.getByRole("heading", { name: "How to pay with Zelle" })).toBeVisible();
  await expect(invoice).toContainText(order.payment.instructions);
  await expectNoDashboardChrome(page);
  await expectNoViolations(page, "the invoice, unpaid");
  await page.screenshot({ path: testInfo.outputPath("invoice-screen.png"), fullPage: true });
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print invoice" })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath("invoice-print.png"), fullPage: true });
  for (const format of ["Letter", "A4"] as const) {
    const pdf = await page.pdf({ format, path: testInfo.outputPath(`invoice-${format}.pdf`) });
    expect(pdfPages(pdf), `invoice on ${format}`).toBe(1);
  }
  await page.emulateMedia({ media: "screen" });

  // Once paid, the invoice shows the payment and nothing due.
  const paid = await recordPayment(page.request, origin, order, {
    method: "Zelle",
    reference: "ZL-2211",
    receivedOn: "2026-11-20",
  });
  expect(paid.status).toBe("paid");
  await page.reload();
  await expect(invoice).toContainText("StatusPaid");
  await expect(total("Payments received").locator("dd")).toHaveText(`−${formatCents(order.totalCents)}`);
  await expect(total("Balance due").locator("dd")).toHaveText(formatCents(0));
  await expect(invoice).toContainText(
    `Received ${formatCents(order.totalCents)} on Nov 20, 2026 (Zelle, ref. ZL-2211)`,
  );
  await expect(invoice.getByRole("heading", { name: "How to pay with Zelle" })).toHaveCount(0);
  await expectNoViolations(page, "the invoice, paid");

  // Staff only, as every dashboard page: a customer is sent to their account, a visitor to sign in.
  const buyerPage = await request.get(`/dashboard/orders/${order.number}/invoice`, { maxRedirects: 0 });
  expect(buyerPage.status()).toBe(302);
  expect(buyerPage.headers().location).toBe("/account?notice=staff-only");
  const anonymous = await playwright.request.newContext({ baseURL: origin });
  const visitor = await anonymous.get(`/dashboard/orders/${order.number}/packing-slip`, { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers().location).toBe(
    `/registration?next=${encodeURIComponent(`/dashboard/orders/${order.number}/packing-slip`)}`,
  );
  await anonymous.dispose();
});
