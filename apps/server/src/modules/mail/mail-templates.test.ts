import type { MailTemplate, MailTemplateList, Order } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, type Sessions, signUp, TEST_ADMIN } from "../../test/forms.ts";
import { type Mailbox, startMailbox } from "../../test/mailbox.ts";
import { sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";

const BASE = "/api/admin/mail-templates";

let mailbox: Mailbox;
let shop: TestApp;
let cookies: Sessions;
beforeAll(async () => {
  mailbox = await startMailbox();
  ({ shop, cookies } = await createShopWithSessions({ env: { SMTP_URL: mailbox.url } }));
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

const call = (method: "GET" | "PUT" | "DELETE" | "POST", url: string, payload?: object, cookie = cookies.manager) =>
  shop.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const outboxRows = () => shop.app.db.kysely.selectFrom("mail_outbox").selectAll().orderBy("created_at").execute();

let buyers = 0;
/** A new verified buyer with a date of birth, signed in; its first name may be anything. */
async function buyer(firstName = "Orla") {
  buyers += 1;
  const email = `templates${buyers}@buyer.test`;
  await addAccount(shop.app, TEST_ADMIN, { id: `templates-buyer-${buyers}`, email, dateOfBirth: "1988-01-01" });
  await shop.app.db.kysely
    .updateTable("users")
    .set({ first_name: firstName, last_name: "Buyer" })
    .where("email", "=", email)
    .execute();
  return { email, cookie: await loginCookie(shop.app, email, TEST_ADMIN.password) };
}

async function placeOrder(cookie: string): Promise<Order> {
  const product = await sellableProducts(shop.app).select("id").executeTakeFirstOrThrow();
  await setOwnVariants(shop.app.db.kysely, { stock: 100 }, [product.id]);
  const response = await shop.app.inject({
    method: "POST",
    url: "/api/Order",
    headers: { cookie, "idempotency-key": `templates-${buyers}-${Date.now()}` },
    payload: {
      lines: [{ productId: product.id, quantity: 1 }],
      shippingAddress: { fullName: "Orla Buyer", line1: "1 Main St", city: "Boise", state: "ID", zip: "83702" },
      paymentMethodId: "zelle",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  await shop.app.services.background.settled();
  return response.json() as Order;
}

describe("e-mail templates", () => {
  it("lists every editable e-mail with its words, placeholders and whether it is the default", async () => {
    const response = await call("GET", BASE);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json() as MailTemplateList;
    expect(items.map((item) => item.kind)).toEqual([
      "verification",
      "password_reset",
      "invitation",
      "order_placed",
      "payment_received",
      "order_shipped",
      "order_delivered",
      "order_cancelled",
      "order_refunded",
      "ready_for_pickup",
    ]);
    const placed = items.find((item) => item.kind === "order_placed") as MailTemplate;
    expect(placed).toMatchObject({
      name: "Order confirmation",
      subject: "Order {{orderNumber}} is placed — please pay with {{paymentMethod}}",
      isDefault: true,
      updatedAt: null,
      updatedBy: null,
    });
    expect(placed.placeholders.map((p) => p.name)).toEqual(
      expect.arrayContaining(["firstName", "orderNumber", "orderUrl", "total", "lines", "paymentInstructions"]),
    );
    expect(placed.placeholders.find((p) => p.name === "lines")).toMatchObject({ block: true });
  });

  it("the next order's mail says what staff saved; reset to default brings the default words back", async () => {
    const saved = await call("PUT", `${BASE}/order_placed`, {
      subject: "Order {{orderNumber}} is placed — please pay with {{paymentMethod}} (thank you!)",
      body: "Dear {{firstName}},\n\nWe love order {{orderNumber}}.\n\n{{lines}}\n\n[Your order]({{orderUrl}})\n\nPay {{total}} by {{paymentMethod}}: {{paymentInstructions}}",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      isDefault: false,
      updatedBy: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call("GET", `${BASE}/order_placed`)).json()).toMatchObject({ isDefault: false });

    // A buyer whose name is markup: the HTML carries it as text.
    const { email, cookie } = await buyer("<script>alert(1)</script>");
    const order = await placeOrder(cookie);
    const [mail] = mailbox.to(email);
    expect(mail?.subject).toBe(`Order ${order.number} is placed — please pay with Zelle (thank you!)`);
    expect(mail?.text).toContain("Dear <script>alert(1)</script>,");
    expect(mail?.text).toContain(`We love order ${order.number}.`);
    expect(mail?.text).toMatch(/Total: \$\d/);
    expect(mail?.text).toContain(`Your order: `);
    expect(mail?.text).toContain(`/account/orders/${order.number}`);
    expect(mail?.text).not.toContain("Thank you for your order");
    // Words saved before the payee details existed still carry them: the buyer could not pay without.
    expect(mail?.text).toContain(
      "Send the money to: Zelle e-mail or phone: payments@leafandcloud.example; Name on Zelle: Leaf & Cloud Demo LLC;",
    );
    expect(mail?.text).toMatch(/Pay by \w+ \d{1,2}, \d{4} or the order is cancelled\./);
    expect(mail?.html).toContain("Dear &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(mail?.html).not.toContain("<script>");

    const reset = await call("DELETE", `${BASE}/order_placed`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({
      isDefault: true,
      subject: "Order {{orderNumber}} is placed — please pay with {{paymentMethod}}",
    });
    const next = await buyer();
    const second = await placeOrder(next.cookie);
    const [plain] = mailbox.to(next.email);
    expect(plain?.subject).toBe(`Order ${second.number} is placed — please pay with Zelle`);
    expect(plain?.text).toContain(
      `Hello Orla,\n\nThank you for your order ${second.number}. Here is what you ordered:`,
    );
    expect(plain?.text).toContain(`Please write your order number ${second.number} as the reference.`);
  });

  it("an account's verification mail uses the saved words too", async () => {
    const saved = await call("PUT", `${BASE}/verification`, {
      subject: "Welcome to {{shopName}}, {{firstName}}",
      body: "Hi {{firstName}},\n\n[Confirm]({{link}})",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const email = "signup-template@buyer.test";
    const response = await signUp(shop.app, { firstName: "Sam", lastName: "Signup", email });
    expect(response.statusCode, response.body).toBe(201);
    await shop.app.services.background.settled();
    const [mail] = mailbox.to(email);
    expect(mail?.subject).toBe("Welcome to Leaf & Cloud, Sam");
    expect(mail?.text).toMatch(/^Hi Sam,\n\nConfirm: http\S+\/verify-email\?token=/);
    await call("DELETE", `${BASE}/verification`);
  });

  it("refuses an unknown placeholder in words, naming it, and saves nothing", async () => {
    const before = (await call("GET", `${BASE}/payment_received`)).json();
    const response = await call("PUT", `${BASE}/payment_received`, {
      subject: "Paid {{orderNumber}}",
      body: "Hello {{firstName}},\n\nYour tracking number is {{trackingNumber}}.",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: expect.stringContaining("{{trackingNumber}} is not a placeholder of this e-mail"),
      fields: { body: expect.stringContaining("{{trackingNumber}}") },
    });
    expect((await call("GET", `${BASE}/payment_received`)).json()).toEqual(before);

    const table = await call("PUT", `${BASE}/order_placed`, { subject: "{{lines}}", body: "x" });
    expect(table.statusCode).toBe(400);
    expect(table.json().fields.subject).toMatch(/table/);
    const blank = await call("PUT", `${BASE}/order_placed`, { subject: "  ", body: "x", extra: 1 });
    expect(blank.statusCode).toBe(400);
    expect((await call("GET", `${BASE}/order_placed`)).json()).toMatchObject({ isDefault: true });
  });

  it("previews what is typed with sample data, escaped, and sends nothing", async () => {
    const before = (await outboxRows()).length;
    const response = await call("POST", `${BASE}/order_shipped/preview`, {
      subject: "Shipped {{orderNumber}} <b>now</b>",
      body: "Hello {{firstName}} & co,\n\nWith {{carrier}}: {{trackingNumber}}\n\n[Track]({{trackingUrl}})",
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.subject).toBe("Shipped 7K3M-9QX2 <b>now</b>");
    expect(preview.text).toContain("Hello Jordan & co,");
    expect(preview.text).toContain("With USPS: 9400111899223344556677");
    expect(preview.html).toContain("Hello Jordan &amp; co,");
    expect(preview.html).toContain("<title>Shipped 7K3M-9QX2 &lt;b&gt;now&lt;/b&gt;</title>");
    expect(preview.html).toContain('href="https://tools.usps.com/');
    expect((await outboxRows()).length).toBe(before);
    expect((await call("GET", `${BASE}/order_shipped`)).json()).toMatchObject({ isDefault: true });

    const wrong = await call("POST", `${BASE}/order_shipped/preview`, { subject: "x", body: "{{paymentMethod}}" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.body).toContain("{{paymentMethod}}");
  });

  it("an unknown e-mail is 404 in words", async () => {
    for (const [method, url] of [
      ["GET", `${BASE}/welcome`],
      ["DELETE", `${BASE}/welcome`],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("There is no e-mail template “welcome”.");
    }
    expect((await call("PUT", `${BASE}/welcome`, { subject: "a", body: "b" })).statusCode).toBe(404);
  });

  it("deny by default: anonymous 401, a customer 403, and a refused save changes nothing", async () => {
    const routes = [
      ["GET", BASE],
      ["GET", `${BASE}/order_placed`],
      ["PUT", `${BASE}/order_placed`],
      ["DELETE", `${BASE}/order_placed`],
      ["POST", `${BASE}/order_placed/preview`],
    ] as const;
    const payload = { subject: "Hacked {{orderNumber}}", body: "Hacked" };
    for (const [method, url] of routes) {
      const body = method === "PUT" || method === "POST" ? payload : undefined;
      const anonymous = await shop.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, cookies.customer)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call("GET", `${BASE}/order_placed`)).json()).toMatchObject({ isDefault: true });
    expect((await shop.app.db.kysely.selectFrom("mail_templates").selectAll().execute()).length).toBe(0);
  });
});
