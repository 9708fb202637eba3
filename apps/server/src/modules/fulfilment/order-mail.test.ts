import { MAIL_TEMPLATE_KINDS, type Order, STORE_PROFILE_DEFAULTS, US_STATES } from "@shop/shared";
import { dayOf, formatCents, formatDate, variantName } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, signUp, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { type Mailbox, type ReceivedMail, startMailbox } from "../../test/mailbox.ts";
import { orderAction, payOrder, placeOrder } from "../../test/orders.ts";
import { productOfClass, SHIPPING_ADDRESS, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { ADULT_SIGNATURE_NOTICE } from "./order-mail.ts";

const ANSWERS = "answers@harbor-leaf.test";
const BUYER = "mail-buyer@buyer.test";

let mailbox: Mailbox;
let shop: TestApp;
let staff = "";
let buyer = "";
let kratom = "";
let vape = "";

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await createTestApp({ env: { ...TEST_ADMIN_ENV, SMTP_URL: mailbox.url } });
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  await addAccount(shop.app, TEST_ADMIN, { id: "mail-buyer", email: BUYER, dateOfBirth: "1988-01-01" });
  buyer = await loginCookie(shop.app, BUYER, TEST_ADMIN.password);
  kratom = await productOfClass(shop.app, "KRATOM");
  vape = await productOfClass(shop.app, "ENDS");
  await setOwnVariants(shop.app.db.kysely, { stock: 100 }, [kratom, vape]);
  await shop.app.services.settings.update({
    storeProfile: { ...STORE_PROFILE_DEFAULTS, email: ANSWERS },
    salesTaxBasisPoints: { [SHIPPING_ADDRESS.state]: 625 },
  });
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

const act = async (order: Order, path: string, payload: object) => {
  const response = await orderAction(shop.app, staff, order.number, path, payload);
  expect(response.statusCode, response.body).toBe(200);
};
const ship = (order: Order) => act(order, "shipment", { carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
async function mailsAbout(order: Order): Promise<ReceivedMail[]> {
  await shop.app.services.background.settled();
  return mailbox.to(BUYER).filter((mail) => mail.subject.includes(order.number));
}
const lineOf = (address: typeof SHIPPING_ADDRESS) =>
  `${address.fullName}, ${address.line1}, ${address.city}, ${US_STATES[address.state]} ${address.zip}`;

describe("order e-mails", () => {
  it("every kind of e-mail carries the store profile's e-mail as its Reply-To", async () => {
    const kinds = new Set<string>();
    const newcomer = "newcomer@buyer.test";
    expect((await signUp(shop.app, { firstName: "Nia", lastName: "New", email: newcomer })).statusCode).toBe(201);
    kinds.add("verification");
    await shop.app.inject({ method: "POST", url: "/api/Auth/forgot-password", payload: { email: BUYER } });
    kinds.add("password_reset");
    const invited = await shop.app.inject({
      method: "POST",
      url: "/api/staff",
      headers: { cookie: staff },
      payload: { firstName: "Ivy", lastName: "Invited", email: "ivy@shop.test", role: "staff" },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    kinds.add("invitation");

    const shipped = await placeOrder(shop.app, buyer, { lines: [{ productId: kratom, quantity: 1 }] });
    await payOrder(shop.app, staff, shipped);
    await ship(shipped);
    await act(shipped, "status", { action: "deliver" });
    kinds.add("order_placed").add("payment_received").add("order_shipped").add("order_delivered");

    const cancelled = await placeOrder(shop.app, buyer, { lines: [{ productId: kratom, quantity: 1 }] });
    await act(cancelled, "status", { action: "cancel" });
    kinds.add("order_cancelled");
    const refunded = await placeOrder(shop.app, buyer, { lines: [{ productId: kratom, quantity: 1 }] });
    await payOrder(shop.app, staff, refunded);
    await act(refunded, "refund", { amountCents: refunded.totalCents, method: "Zelle", receivedOn: dayOf(new Date()) });
    kinds.add("order_refunded");
    const pickup = await placeOrder(shop.app, buyer, {
      lines: [{ productId: kratom, quantity: 1 }],
      fulfilment: "pickup",
      shippingAddress: undefined,
    });
    await payOrder(shop.app, staff, pickup);
    await act(pickup, "status", { action: "mark_ready" });
    kinds.add("ready_for_pickup");
    expect([...kinds].sort()).toEqual([...MAIL_TEMPLATE_KINDS].sort());

    // The plain letters too: the contact form's notice to the shop.
    const contact = await shop.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Dana Buyer", email: "dana@example.com", message: "Do you ship to Ohio?" },
    });
    expect(contact.statusCode, contact.body).toBe(201);

    await shop.app.services.background.settled();
    const subjects = mailbox.received.map((mail) => mail.subject);
    for (const number of [shipped.number, cancelled.number, refunded.number, pickup.number]) {
      expect(subjects.some((subject) => subject.includes(number))).toBe(true);
    }
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Verify your e-mail address/),
        expect.stringMatching(/^Set a new password/),
        expect.stringMatching(/staff account$/),
        `Order ${shipped.number} is delivered`,
        expect.stringMatching(/^New message from Dana Buyer/),
      ]),
    );
    expect(mailbox.received.length).toBeGreaterThanOrEqual(13);
    expect(mailbox.received.filter((mail) => mail.replyTo !== ANSWERS)).toEqual([]);
  });

  it("the confirmation shows the lines, where it ships, the discount, sales tax, whom to pay and by when", async () => {
    const code = await shop.app.inject({
      method: "POST",
      url: "/api/admin/discounts",
      headers: { cookie: staff },
      payload: { code: "MAILTEN", kind: "percent", value: 10 },
    });
    expect(code.statusCode, code.body).toBe(201);
    const order = await placeOrder(shop.app, buyer, {
      lines: [{ productId: kratom, quantity: 2 }],
      discountCode: "MAILTEN",
    });
    const [mail] = await mailsAbout(order);
    const line = order.lines[0] as Order["lines"][number];
    for (const text of [
      // The line's name with its variant's options (the demo's Red Bali comes in three weights).
      `${variantName(
        line.name,
        line.options.map((option) => option.value),
      )} — 2 pieces`,
      "Subtotal: ",
      `Discount (MAILTEN): −${formatCents(order.discountCents)}`,
      "Sales tax: ",
      `Total: `,
      `Ships to: ${lineOf(SHIPPING_ADDRESS)}`,
      "Account name: Leaf & Cloud Demo LLC",
      "Routing number: 555555550",
      "Account number: 000123456789",
      `Pay by ${formatDate(order.payment.payBy)} or the order is cancelled.`,
    ]) {
      expect(mail?.text).toContain(text);
    }
    expect(order.taxCents).toBeGreaterThan(0);
    expect(order.discountCents).toBeGreaterThan(0);
  });

  it("a money order's confirmation says whom to make it out to and where to mail it", async () => {
    const order = await placeOrder(shop.app, buyer, {
      lines: [{ productId: kratom, quantity: 1 }],
      paymentMethodId: "money-order",
    });
    const [mail] = await mailsAbout(order);
    expect(mail?.text).toContain("Pay to the order of: Leaf & Cloud Demo LLC");
    expect(mail?.text).toContain("Mail it to: 1200 Commerce Street, Suite 4, Dallas, Texas 75202");
    expect(mail?.html).toContain("Mail it to");
  });

  it("a delivered e-mail tells the buyer where it was delivered", async () => {
    const order = await placeOrder(shop.app, buyer, { lines: [{ productId: kratom, quantity: 1 }] });
    await payOrder(shop.app, staff, order);
    await ship(order);
    await act(order, "status", { action: "deliver" });
    const delivered = (await mailsAbout(order)).find((mail) => mail.subject === `Order ${order.number} is delivered`);
    expect(delivered?.text).toContain(`Your order ${order.number} has been delivered.`);
    expect(delivered?.text).toContain(`Delivered to: ${lineOf(SHIPPING_ADDRESS)}`);
  });

  it("says an adult must sign only on an order whose rules ask for it", async () => {
    const shippedText = async (productId: string) => {
      const order = await placeOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }] });
      await payOrder(shop.app, staff, order);
      await ship(order);
      return (await mailsAbout(order)).find((mail) => mail.subject === `Order ${order.number} has shipped`)?.text ?? "";
    };
    const plain = await shippedText(kratom);
    expect(plain).toContain("is on its way with UPS");
    expect(plain).not.toMatch(/adult|sign for/i);
    expect(await shippedText(vape)).toContain(ADULT_SIGNATURE_NOTICE);
  });
});
