import type { Order } from "@shop/shared";
import { addDays, dayOf, formatCents, termsDueWords } from "@shop/shared/rules";
import { BUYER_PASSWORD, logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { checkoutFromCartDrawer, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { lastMailTo } from "./mailbox.ts";
import { reportPdf } from "./pdf.ts";
import { newProduct, uniqueSuffix } from "./products.ts";

const pdf = (name: string, text: string) => ({ name, mimeType: "application/pdf", buffer: reportPdf(text) });

test("a shop applies for a wholesale account, staff approve it on net 30, and it orders a box at DistroPrice on terms; the invoice carries the due day @phone", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  // $2.50 a piece wholesale, 5 pieces a pack and 4 packs a box: $50.00 a box, against $70.00 retail.
  const product = await newProduct(baseURL, {
    name: "Wholesale gummies",
    piece: "4.00",
    box: { price: "70.00", pcsPerPack: 5, packPerBox: 4 },
    distro: "2.50",
    stock: 200,
  });
  const email = await verifiedBuyer(page.request, origin, { prefix: "wholesale", signIn: true });
  const business = `Corner Shop ${uniqueSuffix()}`;

  // The retail buyer sees the retail box price only.
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(/Wholesale:/)).toHaveCount(0);

  // Applying: the business, its store, the licence and one resale certificate, each with its file.
  await page.goto("/account/wholesale");
  await expect(page.getByRole("heading", { name: "Wholesale account" })).toBeVisible();
  await page.getByLabel("Business's legal name").fill(business);
  await page.getByLabel("EIN (federal tax ID)").fill("12-3456789");
  const store = page.getByRole("region", { name: "Store address" });
  await store.getByLabel("Street address").fill("500 Congress Ave");
  await store.getByLabel("City").fill("Austin");
  await store.getByLabel("State").selectOption("TX");
  await store.getByLabel("ZIP code").fill("78701");
  const licence = page.getByRole("region", { name: "State tobacco or vapor retail licence" });
  await licence.getByLabel("Licence number").fill("TX-CIG-778812");
  await licence.getByLabel("Issuing state").selectOption("TX");
  await licence.getByLabel("Valid through").fill("2030-12-31");
  await licence.getByLabel("Licence file").setInputFiles(pdf("licence.pdf", "Texas retailer permit"));
  const certificate = page.getByRole("group", { name: "Certificate 1" });
  await certificate.getByLabel("State").selectOption("TX");
  await certificate.getByLabel("Certificate number").fill("01-339");
  await certificate.getByLabel("Valid through").fill("2030-12-31");
  await certificate.getByLabel("Certificate file").setInputFiles(pdf("resale.pdf", "Texas resale certificate"));
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByText("Your application is waiting for review.")).toBeVisible();
  await expectNoViolations(page, "the wholesale page, waiting for review");

  // Staff find it and approve it on net 30; the applicant is e-mailed.
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/users/wholesale");
  const search = page.getByRole("searchbox", { name: "Search wholesale accounts" });
  await search.fill(business);
  await search.press("Enter");
  await page.getByRole("link", { name: business }).click();
  await expect(page.getByRole("heading", { name: "Review this application" })).toBeVisible();
  await expectNoViolations(page, "a wholesale application for review");
  await page.getByRole("radio", { name: "Net 30" }).check();
  await page.getByRole("button", { name: "Approve account" }).click();
  await expect(page.getByText(`${business} is approved on net 30; the buyer is e-mailed.`).first()).toBeVisible();
  // The second mail to the buyer, after the sign-up's: the outbox sends it after the approval's answer.
  const letter = await lastMailTo(email, { atLeast: 2 });
  expect(`${letter.subject}\n${letter.text}`).toMatch(/approved/i);

  // The buyer, signed in again, sees the box at its DistroPrice and orders one on terms.
  const login = await page.request.post("/api/Auth/login", {
    headers: { Origin: origin },
    data: { email, password: BUYER_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto("/account/wholesale");
  await expect(page.getByText(/Approved\. You see our wholesale prices/)).toBeVisible();
  await page.goto(`/products/${product.id}`);
  await expect(page.getByText(/Wholesale: \$50\.00 a box of 20/)).toBeVisible();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await checkoutFromCartDrawer(page);
  await fillDeliveryAddress(page, {
    fullName: "Robin Hale",
    line1: "500 Congress Ave",
    city: "Austin",
    state: "TX",
    zip: "78701",
  });
  await page.getByRole("radio", { name: "Pay on terms (net 30)" }).check();
  await expectNoViolations(page, "the wholesale checkout");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  const number = new URL(page.url()).pathname.split("/").pop() ?? "";
  const order = (await (await page.request.get(`/api/account/orders/${number}`)).json()) as Order;
  const dueOn = addDays(dayOf(new Date(order.createdAt)), 30);
  expect(order).toMatchObject({
    channel: "wholesale",
    status: "processing",
    subtotalCents: 5000,
    lines: [{ productId: product.id, unit: "box", quantity: 1, piecesPerUnit: 20, unitPriceCents: 5000 }],
    payment: { dueOn },
  });
  await expect(page.getByText(termsDueWords(order.createdAt, dueOn)).first()).toBeVisible();
  await expectNoViolations(page, "the order placed on terms");

  // Staff's invoice prints the due day and what is to pay.
  await logInAsAdmin(page, baseURL);
  await page.goto(`/dashboard/orders/${number}/invoice`);
  await expect(page.getByText(termsDueWords(order.createdAt, dueOn)).first()).toBeVisible();
  await expect(page.getByText(formatCents(order.totalCents)).first()).toBeVisible();
  await expectNoViolations(page, "the invoice of an order on terms");
});
