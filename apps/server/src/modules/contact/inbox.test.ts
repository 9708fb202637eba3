import type { ContactInboxList, ContactInboxMessage } from "@shop/shared";
import { STORE_PROFILE_DEFAULTS } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Sessions } from "../../test/forms.ts";
import { type Mailbox, startMailbox } from "../../test/mailbox.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";

// The contact inbox (docs/decisions/051): staff list, count, read, mark and answer the Contact Us
// messages; the shop's address hears of each new one. Runs on SQLite and PostgreSQL.
let mailbox: Mailbox;
let shop: TestApp;
let cookies: Sessions;
beforeAll(async () => {
  mailbox = await startMailbox();
  ({ shop, cookies } = await createShopWithSessions({ demoData: false, env: { SMTP_URL: mailbox.url } }));
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

let sent = 0;
/** A visitor's message from an address of its own (the public form is rate limited per address). */
async function send(fields: { name?: string; email?: string; message?: string; orderNumber?: string } = {}) {
  sent += 1;
  const response = await shop.app.inject({
    method: "POST",
    url: "/api/contact",
    remoteAddress: `10.1.0.${sent}`,
    payload: {
      name: fields.name ?? `Visitor ${sent}`,
      email: fields.email ?? `visitor${sent}@buyer.test`,
      message: fields.message ?? `Question number ${sent}: do you ship to Ohio?`,
      ...(fields.orderNumber ? { orderNumber: fields.orderNumber } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  await shop.app.services.background.settled();
  return response.json().id as string;
}

const call = (method: "GET" | "PUT" | "POST", url: string, payload?: object, cookie = cookies.staff) =>
  shop.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const list = async (search = "") => {
  const response = await call("GET", `/api/admin/contact/messages${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ContactInboxList;
};
const count = async () => (await call("GET", "/api/admin/contact/count")).json().unhandled as number;
const replies = () => shop.rowCount("contact_replies");
const outbox = () => shop.rowCount("mail_outbox");

describe("the notice to the shop's address", () => {
  it("tells the shop's address of each new message, with who wrote, what, and the link to it", async () => {
    const before = mailbox.to(STORE_PROFILE_DEFAULTS.email).length;
    const id = await send({
      name: "Nora <b>Ng</b>",
      message: "Is the <script>x</script> gummy vegan?",
      orderNumber: "7K3M-9QX2",
    });
    const notices = mailbox.to(STORE_PROFILE_DEFAULTS.email);
    expect(notices).toHaveLength(before + 1);
    const notice = notices.at(-1);
    expect(notice?.subject).toBe("New message from Nora <b>Ng</b> on the contact form");
    expect(notice?.text).toContain("Is the <script>x</script> gummy vegan?");
    expect(notice?.text).toContain("Order number: 7K3M-9QX2");
    expect(notice?.text).toContain(`/dashboard/inbox/${id}`);
    expect(notice?.html).not.toContain("<script>");
    expect(notice?.html).toContain("&lt;script&gt;");
  });

  it("goes to the address and under the name staff set in Settings, from the next message on", async () => {
    const { settings } = shop.app.services;
    await settings.update({
      storeProfile: { ...STORE_PROFILE_DEFAULTS, name: "Harbor Leaf", email: "Hello@Harbor-Leaf.test" },
    });
    try {
      await send({ name: "Ivy", message: "Do you ship to Ohio?" });
      const notice = mailbox.to("hello@harbor-leaf.test").at(-1);
      expect(notice?.text).toContain("Do you ship to Ohio?");
      expect(notice?.text).toContain("— Harbor Leaf");
      expect(notice?.html).toContain("Harbor Leaf sells age-restricted products");
    } finally {
      await settings.update({ storeProfile: STORE_PROFILE_DEFAULTS });
    }
  });

  it("keeps neither the message nor the notice when the notice cannot be written", async () => {
    const [messages, mails] = [await shop.rowCount("contact_messages"), await outbox()];
    const spy = vi.spyOn(shop.app.services.outbox, "enqueue").mockRejectedValueOnce(new Error("disk full"));
    try {
      const response = await shop.app.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: "10.1.1.1",
        payload: { name: "Lost", email: "lost@buyer.test", message: "This one should not stay." },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await shop.rowCount("contact_messages")).toBe(messages);
    expect(await outbox()).toBe(mails);
  });
});

describe("the inbox list and the count", () => {
  it("lists newest first, filters by handled and searches the sender, order number and message", async () => {
    const older = await send({ name: "Pat Older", message: "Where is my parcel? It has been a week." });
    const newer = await send({ name: "Quinn Newer", email: "quinn@buyer.test", message: "Do you sell 10 ml bottles?" });
    const all = await list();
    expect(all.items.map((item) => item.id).indexOf(newer)).toBeLessThan(all.items.map((m) => m.id).indexOf(older));
    expect(all.items.find((item) => item.id === newer)).toMatchObject({
      name: "Quinn Newer",
      email: "quinn@buyer.test",
      handledAt: null,
      handledBy: null,
      replyCount: 0,
    });
    expect((await list("?q=quinn%40buyer")).items.map((item) => item.id)).toEqual([newer]);
    expect((await list("?q=parcel+week")).items.map((item) => item.id)).toEqual([older]);
    expect((await list("?q=7K3M")).items).toHaveLength(1);
    expect((await list("?q=100%25")).items).toEqual([]);

    const waiting = await count();
    expect(waiting).toBe((await list("?status=unhandled")).total);
    expect((await call("PUT", `/api/admin/contact/messages/${older}/handled`, { handled: true })).statusCode).toBe(200);
    expect(await count()).toBe(waiting - 1);
    expect((await list("?status=handled")).items.map((item) => item.id)).toEqual([older]);
    expect((await list("?status=unhandled")).items.map((item) => item.id)).not.toContain(older);
    expect((await list("?status=unhandled&q=quinn")).items.map((item) => item.id)).toEqual([newer]);
  });

  it("refuses a bad filter with a clear message", async () => {
    const response = await call("GET", "/api/admin/contact/messages?status=read");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("must be one of unhandled, handled");
  });
});

describe("one message: handled and replies", () => {
  it("marks handled with who and when, and waiting again", async () => {
    const id = await send();
    const handled = (await call("PUT", `/api/admin/contact/messages/${id}/handled`, { handled: true })).json();
    expect(handled).toMatchObject({ id, handledAt: expect.any(String), handledBy: expect.any(String), replies: [] });
    const again = (await call("PUT", `/api/admin/contact/messages/${id}/handled`, { handled: false })).json();
    expect(again).toMatchObject({ handledAt: null, handledBy: null });
    const missing = await call("PUT", "/api/admin/contact/messages/nope/handled", { handled: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("This message does not exist. It may have been removed.");
  });

  it("sends a reply by e-mail, keeps it with the message (who, when, what) and marks it handled", async () => {
    const id = await send({ name: "Rae Lee", email: "rae@buyer.test", message: "Can I pick up on Saturday?" });
    const waiting = await count();
    const body = "Yes, we open at 10 am.\nBring your <ID> & the order number.";
    const response = await call("POST", `/api/admin/contact/messages/${id}/replies`, { body });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json() as ContactInboxMessage;
    expect(message.handledAt).not.toBeNull();
    expect(message.replies).toEqual([
      { id: expect.any(String), body, authorName: expect.any(String), createdAt: expect.any(String) },
    ]);
    expect(await count()).toBe(waiting - 1);
    await shop.app.services.background.settled();
    const mail = mailbox.to("rae@buyer.test").at(-1);
    expect(mail?.subject).toBe("Re: your message to Leaf & Cloud");
    expect(mail?.text).toContain("Hello Rae,");
    expect(mail?.text).toContain("Yes, we open at 10 am.\nBring your <ID> & the order number.");
    expect(mail?.text).toContain("> Can I pick up on Saturday?");
    expect(mail?.text).toMatch(/You wrote to us on [A-Z][a-z]+ \d{1,2}, 20\d\d at \d{1,2}:\d\d\s[AP]M UTC:/);
    expect(mail?.html).toContain("Bring your &lt;ID&gt; &amp; the order number.");
    expect(mail?.html).not.toContain("<ID>");

    // A second reply is kept too, oldest first.
    await call("POST", `/api/admin/contact/messages/${id}/replies`, { body: "PS: we close at 4 pm." });
    const again = (await call("GET", `/api/admin/contact/messages/${id}`)).json() as ContactInboxMessage;
    expect(again.replies.map((reply) => reply.body)).toEqual([body, "PS: we close at 4 pm."]);
    expect((await list("?q=rae")).items[0]?.replyCount).toBe(2);
  });

  it("refuses an empty reply beside its field and writes nothing", async () => {
    const id = await send();
    const [before, mails] = [await replies(), await outbox()];
    for (const payload of [{ body: "   " }, {}]) {
      const response = await call("POST", `/api/admin/contact/messages/${id}/replies`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.body).toBe("Please write your reply.");
    }
    const missing = await call("POST", "/api/admin/contact/messages/nope/replies", { body: "Hello there" });
    expect(missing.statusCode).toBe(404);
    expect(await replies()).toBe(before);
    expect(await outbox()).toBe(mails);
    expect((await call("GET", `/api/admin/contact/messages/${id}`)).json().handledAt).toBeNull();
  });

  it("writes nothing half: when the e-mail cannot be kept, neither is the reply nor the mark", async () => {
    const id = await send();
    const [before, mails] = [await replies(), await outbox()];
    const spy = vi.spyOn(shop.app.services.outbox, "enqueue").mockRejectedValueOnce(new Error("disk full"));
    try {
      const response = await call("POST", `/api/admin/contact/messages/${id}/replies`, { body: "Thanks!" });
      expect(response.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await replies()).toBe(before);
    expect(await outbox()).toBe(mails);
    expect((await call("GET", `/api/admin/contact/messages/${id}`)).json()).toMatchObject({ handledAt: null });
  });
});

describe("access", () => {
  it("declares every inbox route for staff in the route access table", () => {
    const routes = shop.app.routeAccess.filter((route) => route.url.startsWith("/api/admin/contact"));
    expect(routes.map((route) => `${route.method} ${route.url} ${route.access}`).sort()).toEqual([
      "GET /api/admin/contact/count staff",
      "GET /api/admin/contact/messages staff",
      "GET /api/admin/contact/messages/:id staff",
      "POST /api/admin/contact/messages/:id/replies staff",
      "PUT /api/admin/contact/messages/:id/handled staff",
    ]);
  });

  it("keeps the inbox from visitors and buyers", async () => {
    const id = await send();
    for (const cookie of ["", cookies.customer]) {
      expect((await call("GET", "/api/admin/contact/messages", undefined, cookie)).statusCode).toBe(cookie ? 403 : 401);
      expect((await call("GET", "/api/admin/contact/count", undefined, cookie)).statusCode).toBe(cookie ? 403 : 401);
      const reply = await call("POST", `/api/admin/contact/messages/${id}/replies`, { body: "Hi" }, cookie);
      expect(reply.statusCode).toBe(cookie ? 403 : 401);
    }
    expect((await call("GET", `/api/admin/contact/messages/${id}`)).json().replies).toEqual([]);
  });
});
