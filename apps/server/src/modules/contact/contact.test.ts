import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ demoData: false });
});
afterAll(() => shop.close());

const good = { name: "Dana Buyer", email: "dana@example.com", message: "Do you ship THCA flower to Ohio?" };
let address = 0;
/** Each test sends from its own address so that the rate limit of one does not touch another. */
function send(body: unknown, headers: Record<string, string> = {}, remoteAddress = `10.0.0.${++address}`) {
  return shop.app.inject({ method: "POST", url: "/api/contact", payload: body as object, headers, remoteAddress });
}
const stored = () => shop.rowCount("contact_messages");

describe("POST /api/contact", () => {
  it("stores a message and thanks the sender", async () => {
    const before = await stored();
    const response = await send({ ...good, name: "  Dana Buyer  ", orderNumber: "" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ id: expect.any(String), message: expect.stringContaining("Thank you") });
    expect(await stored()).toBe(before + 1);
    const row = await shop.app.db.kysely
      .selectFrom("contact_messages")
      .selectAll()
      .where("id", "=", response.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Dana Buyer", email: "dana@example.com", order_number: null });
  });

  it.each([
    [{ ...good, name: "   " }, "name", "Please enter your name."],
    [{ ...good, email: "not-an-address" }, "email", "Please enter a valid e-mail address."],
    [{ ...good, message: "hi" }, "message", "Please write at least 10 characters."],
    [{ name: good.name, email: good.email }, "message", "Please write your message."],
    [{ ...good, isAdmin: true }, "isAdmin", "is not a known field"],
  ])("refuses a bad form with a message for the field and stores nothing (%#)", async (body, field, text) => {
    const before = await stored();
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(text);
    expect(response.json().message).toContain(field === "isAdmin" ? "Field 'isAdmin' is not a known field." : text);
    expect(response.json().message).not.toMatch(/\.\.|Field '\w+' Please/);
    expect(await stored()).toBe(before);
  });

  it("answers the sixth message within 15 minutes from one address with 429", async () => {
    const from = "10.9.9.9";
    for (let i = 0; i < 5; i++) expect((await send(good, {}, from)).statusCode).toBe(201);
    const before = await stored();
    const sixth = await send(good, {}, from);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: "Too Many Requests",
      message: expect.stringMatching(/^Too many requests from your address\. Please try again in \d+ minutes\.$/),
    });
    expect(await stored()).toBe(before);
    expect((await send(good, {}, "10.9.9.10")).statusCode).toBe(201);
  });
});

describe("same-origin check", () => {
  it.each([
    [{ origin: "https://evil.example" }],
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site", origin: "http://localhost:80" }],
  ])("refuses a state change from another site (%o) and stores nothing", async (headers) => {
    const before = await stored();
    const response = await send(good, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: "Forbidden",
      message: "This request came from another website, so it was refused.",
    });
    expect(await stored()).toBe(before);
  });

  it("accepts our own pages and clients that are not browsers", async () => {
    // The test shop sets no PUBLIC_URL, so its origin is this port on the loopback names.
    expect((await send(good, { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" })).statusCode).toBe(
      201,
    );
    expect((await send(good, {})).statusCode).toBe(201);
  });

  it("leaves reading alone", async () => {
    const response = await shop.app.inject({ url: "/api/health", headers: { origin: "https://evil.example" } });
    expect(response.statusCode).toBe(200);
  });
});
