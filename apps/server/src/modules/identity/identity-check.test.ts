import type { AdminOrder, Order } from "@shop/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, multipart, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { postOrder } from "../../test/orders.ts";
import { productOfClass, productStock, SHIPPING_ADDRESS } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { startVeratadSimulator, type VeratadSimulator } from "../../test/veratad-simulator.ts";
import { addWholesaleAccount } from "../../test/wholesale.ts";
import { cancelUnverifiedOrders } from "../fulfilment/unpaid-order-job.ts";

// The identity check through Veratad's protocol, against the local simulator (docs/decisions/099):
// a vape asks for it whenever the provider reads IDs; a match is the order's evidence with its
// reference; no match places the order waiting for a photo of the ID, which passes (on to awaiting
// payment) or fails (still waiting, with the reason); a provider that cannot answer places nothing;
// a match is remembered for the setting's days; a waiting order is cancelled after the setting's
// hours with its stock back.

let sim: VeratadSimulator;
let shop: TestApp;
let staff = "";
let vape = "";
let kratom = "";
const cookies: Record<string, string> = {};

/** An account with this last name (the simulator answers by it), signed in; `tag` makes another such buyer. */
async function buyer(lastName: string, tag = ""): Promise<string> {
  const id = `buyer-${lastName.toLowerCase()}${tag}`;
  const email = `${id}@shop.test`;
  if (!cookies[id]) {
    await addAccount(shop.app, TEST_ADMIN, { id, email, dateOfBirth: "1990-05-01", lastName });
    cookies[id] = await loginCookie(shop.app, email, TEST_ADMIN.password);
  }
  return cookies[id] as string;
}

const order = (cookie: string, productId = vape) =>
  postOrder(shop.app, cookie, { lines: [{ productId, quantity: 1 }] });

const staffOrder = async (number: string): Promise<AdminOrder> =>
  (await shop.app.inject({ url: `/api/admin/orders/${number}`, headers: { cookie: staff } })).json();

const photo = (shade: number) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r: shade, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

async function sendId(cookie: string, number: string, back = true) {
  const fields = {
    front: { file: await photo(200), filename: "front.jpg", type: "image/jpeg" },
    ...(back ? { back: { file: await photo(60), filename: "back.jpg", type: "image/jpeg" } } : {}),
  };
  const form = multipart(fields, cookie);
  return shop.app.inject({
    method: "POST",
    url: `/api/account/orders/${number}/identity-document`,
    ...form,
  });
}

async function counts() {
  return {
    orders: await shop.rowCount("orders"),
    checks: await shop.rowCount("identity_checks"),
    stock: await productStock(shop.app, vape),
  };
}

beforeAll(async () => {
  sim = await startVeratadSimulator({ slowMs: 1_500 });
  shop = await createTestApp({ env: { ...TEST_ADMIN_ENV, ...sim.env, VERATAD_TIMEOUT_MS: "400" } });
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  vape = await productOfClass(shop.app, "ENDS");
  kratom = await productOfClass(shop.app, "KRATOM");
});
afterAll(async () => {
  await shop?.close();
  await sim?.close();
});

describe("a vape order checks the buyer's identity through Veratad", () => {
  it("keeps a match as the order's evidence, with Veratad's confirmation as its reference", async () => {
    const placed = await order(await buyer("Match"));
    expect(placed.statusCode, placed.body).toBe(201);
    const body: Order = placed.json();
    expect(body.status).toBe("awaiting_payment");
    const request = sim.received.at(-1);
    expect(request).toMatchObject({
      service: "AgeMatch5.0",
      target: { ln: "Match", dob: "19900501", age: "21+", state: "TX", zip: "78701" },
    });
    expect(JSON.stringify(request)).not.toContain("simulator-secret");
    const seen = await staffOrder(body.number);
    expect(seen.evidence.age).toMatchObject({
      method: "verification_provider",
      provider: { name: "Veratad", reference: expect.stringMatching(/^sim-/) },
      identity: { outcome: "verified" },
    });
    expect(seen.evidence.identityChecks).toEqual([
      expect.objectContaining({
        step: "record",
        outcome: "verified",
        provider: "Veratad",
        detail: "ALL CHECKS PASSED",
      }),
    ]);
    expect(seen.evidence.identityChecks[0]?.reference).toBe(seen.evidence.age?.provider?.reference);
  });

  it("does not ask for kratom, which no rule asks it for", async () => {
    const asked = sim.received.length;
    const placed = await order(await buyer("Kratomonly"), kratom);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(sim.received.length).toBe(asked);
    expect((await staffOrder(placed.json().number)).evidence.age?.identity ?? null).toBeNull();
  });

  it("refuses a possible minor in words, writing nothing", async () => {
    const before = await counts();
    const refused = await order(await buyer("Minor"));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: "age_not_verified" });
    expect(refused.json().message).toContain("may be under age");
    expect(await counts()).toEqual(before);
  });

  it("places nothing when Veratad's sources are down or it does not answer in time (409)", async () => {
    const before = await counts();
    for (const lastName of ["Down", "Slow"]) {
      const started = Date.now();
      const response = await order(await buyer(lastName));
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe("age_check_unavailable");
      if (lastName === "Slow") expect(Date.now() - started).toBeLessThan(1_400);
    }
    expect(await counts()).toEqual(before);
  });
});

describe("no match: the order waits for a photo of the buyer's ID", () => {
  it("is placed waiting, holds its stock, and a photo that passes moves it on to awaiting payment", async () => {
    const cookie = await buyer("Nomatch", "-passes");
    const stock = await productStock(shop.app, vape);
    const placed = await order(cookie);
    expect(placed.statusCode, placed.body).toBe(201);
    const { number, status } = placed.json() as Order;
    expect(status).toBe("verification_pending");
    expect(await productStock(shop.app, vape)).toBe(stock - 1);
    const seen = await staffOrder(number);
    expect(seen.evidence.age?.identity).toMatchObject({ outcome: "document_needed" });
    expect(seen.allowedActions).toEqual(["cancel"]);
    const step = await shop.app.inject({ url: `/api/account/orders/${number}/identity`, headers: { cookie } });
    expect(step.json()).toEqual({ status: "verification_pending", verified: false, reason: null, attemptsLeft: 5 });

    const sent = await sendId(cookie, number);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "awaiting_payment", verified: true, reason: null });
    const scan = sim.received.at(-1);
    expect(scan).toMatchObject({
      service: "DCAMSPLUS5.0.Enhanced",
      rules: "DCAMS5_0_Enhanced_RuleSet_NAME_DOB",
      documentSides: ["front", "back"],
    });
    const after = await staffOrder(number);
    expect(after.status).toBe("awaiting_payment");
    expect(after.evidence.identityChecks.map((check) => [check.step, check.outcome])).toEqual([
      ["record", "no_match"],
      ["document", "verified"],
    ]);
    expect(after.events.at(-1)?.note).toMatch(/^Identity verified by Veratad from a photo of an ID/);
    // The photos are kept privately: their ids are in no answer and not under the public uploads.
    const kept = await shop.app.db.kysely
      .selectFrom("identity_checks")
      .select(["front_file", "back_file"])
      .where("step", "=", "document")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(after)).not.toContain(kept.front_file as string);
    expect(await shop.app.services.storage.read(`private-documents/${kept.front_file}`)).not.toBeNull();
    // The ID's match is the buyer's now: the next order is not asked again.
    const next = await order(cookie);
    expect(next.json()).toMatchObject({ status: "awaiting_payment" });
    expect((await staffOrder(next.json().number)).evidence.age?.identity?.outcome).toBe("remembered");
  });

  it("an order on terms waits for the ID too, then goes on to processing, never to wait for money (docs/decisions/102)", async () => {
    const cookie = await buyer("Nomatch", "-terms");
    await addWholesaleAccount(shop.app, "buyer-nomatch-terms", { termsDays: 30, storeState: SHIPPING_ADDRESS.state });
    // A wholesale account buys the vape by the box, at its DistroPrice.
    await shop.app.db.kysely
      .updateTable("product_variants")
      .set({ distro_price_cents: 1_500, pcs_per_pack: 1, pack_per_box: 2 })
      .where("id", "=", vape)
      .execute();
    const placed = await postOrder(shop.app, cookie, {
      lines: [{ productId: vape, unit: "box", quantity: 1 }],
      paymentMethodId: "terms",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { number, status, payment } = placed.json() as Order;
    expect(status).toBe("verification_pending");
    expect(payment.dueOn).not.toBeNull();
    const sent = await sendId(cookie, number);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ verified: true });
    expect((await staffOrder(number)).status).toBe("processing");
  });

  it("keeps the order waiting with the reason when the photo fails, and lets the buyer try again", async () => {
    const cookie = await buyer("Nomatch", "-fails");
    const { number } = (await order(cookie)).json() as Order;
    sim.state.documentOutcome = "FAIL";
    try {
      const failed = await sendId(cookie, number, false);
      expect(failed.statusCode, failed.body).toBe(200);
      expect(failed.json()).toMatchObject({ status: "verification_pending", verified: false, attemptsLeft: 4 });
      expect(failed.json().reason).toContain("does not match your name and date of birth");
    } finally {
      sim.state.documentOutcome = null;
    }
    const again = await sendId(cookie, number);
    expect(again.json()).toMatchObject({ status: "awaiting_payment", verified: true });
  });

  it("refuses a PDF or a file that is no picture beside its field, asking Veratad nothing", async () => {
    const cookie = await buyer("Nomatch", "-pdf");
    const { number } = (await order(cookie)).json() as Order;
    const asked = sim.received.length;
    const form = multipart({ front: { file: Buffer.from("<html>not an id</html>"), filename: "id.jpg" } }, cookie);
    const response = await shop.app.inject({
      method: "POST",
      url: `/api/account/orders/${number}/identity-document`,
      ...form,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(["front"]);
    expect(sim.received.length).toBe(asked);
  });

  it("is another buyer's order to nobody else (404)", async () => {
    const { number } = (await order(await buyer("Nomatch", "-owner"))).json() as Order;
    const other = await sendId(await buyer("Match"), number);
    expect(other.statusCode).toBe(404);
  });

  it("cancels an order left waiting past the setting's hours, with its stock back", async () => {
    const cookie = await buyer("Nomatch", "-late");
    const stock = await productStock(shop.app, vape);
    const { number } = (await order(cookie)).json() as Order;
    expect(await productStock(shop.app, vape)).toBe(stock - 1);
    const { verificationPendingHours } = await shop.app.services.settings.get();
    expect(verificationPendingHours).toBe(48);
    const placedAt = new Date(Date.now() - 47 * 3_600_000).toISOString();
    await shop.app.db.kysely.updateTable("orders").set({ created_at: placedAt }).where("number", "=", number).execute();
    await cancelUnverifiedOrders(shop.app);
    expect((await staffOrder(number)).status).toBe("verification_pending");
    const longAgo = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await shop.app.db.kysely.updateTable("orders").set({ created_at: longAgo }).where("number", "=", number).execute();
    const run = await cancelUnverifiedOrders(shop.app);
    expect(run).toMatchObject({ ran: true });
    const cancelled = await staffOrder(number);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.events.at(-1)?.note).toBe("Identity not verified within 48 hours");
    expect(await productStock(shop.app, vape)).toBe(stock);
    const late = await sendId(cookie, number);
    expect(late.statusCode).toBe(409);
  });
});

describe("a verified buyer is remembered for the setting's days", () => {
  it("reuses the match for a later order with the same name and date of birth, and asks again at 0 days", async () => {
    const cookie = await buyer("Returning");
    const first = (await order(cookie)).json() as Order;
    const asked = sim.received.length;
    const second = await order(cookie);
    expect(second.statusCode, second.body).toBe(201);
    expect(sim.received.length).toBe(asked);
    const firstEvidence = (await staffOrder(first.number)).evidence;
    const secondEvidence = (await staffOrder(second.json().number)).evidence;
    expect(secondEvidence.age).toMatchObject({
      method: "verification_provider",
      provider: firstEvidence.age?.provider,
      identity: { outcome: "remembered", verifiedAt: firstEvidence.identityChecks[0]?.at },
    });
    expect(secondEvidence.age?.identity?.words).toContain("not asked again within 30 days");
    expect(secondEvidence.identityChecks).toEqual([]);

    await shop.app.services.settings.update({ identityVerifiedDays: 0 });
    try {
      expect((await order(cookie)).statusCode).toBe(201);
      expect(sim.received.length).toBe(asked + 1);
    } finally {
      await shop.app.services.settings.update({ identityVerifiedDays: 30 });
    }
  });

  it("asks again when the account's name changed since the match", async () => {
    const cookie = await buyer("Renamed");
    expect((await order(cookie)).statusCode).toBe(201);
    const asked = sim.received.length;
    await shop.app.db.kysely
      .updateTable("users")
      .set({ last_name: "Renamed-Smith" })
      .where("id", "=", "buyer-renamed")
      .execute();
    expect((await order(cookie)).statusCode).toBe(201);
    expect(sim.received.length).toBe(asked + 1);
  });
});
