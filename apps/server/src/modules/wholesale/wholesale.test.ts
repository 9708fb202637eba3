import { readdirSync } from "node:fs";
import type { ApiError, StaffWholesaleAccount, WholesaleAccount, WholesaleAccountList } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePdf } from "../../lib/simple-pdf.ts";
import {
  addAccount,
  type FormValue,
  loginCookie,
  multipart,
  type Sessions,
  sessionsOfEveryRole,
  TEST_ADMIN,
  TEST_ADMIN_ENV,
} from "../../test/forms.ts";
import { type Mailbox, startMailbox } from "../../test/mailbox.ts";
import { orderAction, payOrder, placeOrder } from "../../test/orders.ts";
import { productOfClass, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { privateDocumentsDir } from "../documents/file-store.ts";

let shop: TestApp;
let mailbox: Mailbox;
let cookies: Sessions;
let buyerCount = 0;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await createTestApp({ env: { ...TEST_ADMIN_ENV, SMTP_URL: mailbox.url } });
  cookies = await sessionsOfEveryRole(shop.app, TEST_ADMIN);
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

const today = () => dayOf(new Date());
const pdf = writePdf([{ rects: [], texts: [{ x: 40, y: 700, size: 12, text: "Tobacco retail licence" }] }], {
  title: "Licence",
  author: "State",
});
const pdfPart = (name = "licence.pdf"): FormValue => ({ file: pdf, filename: name, type: "application/pdf" });

/** A new signed-in buyer, each test its own. */
async function newBuyer(): Promise<{ id: string; email: string; cookie: string }> {
  buyerCount += 1;
  const id = `wholesale-buyer-${buyerCount}`;
  const email = `buyer${buyerCount}@wholesale.test`;
  await addAccount(shop.app, TEST_ADMIN, { id, email, dateOfBirth: "1985-03-04" });
  return { id, email, cookie: await loginCookie(shop.app, email, TEST_ADMIN.password) };
}

function application(overrides: Record<string, FormValue | FormValue[] | undefined> = {}) {
  const defaults: Record<string, FormValue | FormValue[]> = {
    businessName: "Corner Smoke Shop LLC",
    ein: "12-3456789",
    storeLine1: "400 Congress Ave",
    storeCity: "Austin",
    storeState: "TX",
    storeZip: "78701",
    licenceNumber: "TX-RET-0042",
    licenceState: "TX",
    licenceExpiresOn: addDays(today(), 200),
    licenceFile: pdfPart(),
    certificateState: ["TX", "OK"],
    certificateNumber: ["RC-TX-1", "RC-OK-7"],
    certificateExpiresOn: [addDays(today(), 20), addDays(today(), 300)],
    certificateFile: [pdfPart("tx.pdf"), pdfPart("ok.pdf")],
  };
  return Object.fromEntries(
    Object.entries({ ...defaults, ...overrides }).filter(
      (entry): entry is [string, FormValue | FormValue[]] => entry[1] !== undefined,
    ),
  );
}

const apply = (fields: Record<string, FormValue | FormValue[]>, cookie: string | null) =>
  shop.app.inject({ method: "POST", url: "/api/account/wholesale", ...multipart(fields, cookie) });

const get = (url: string, cookie: string | null) =>
  shop.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object | undefined, cookie: string) =>
  shop.app.inject({ method: "POST", url, payload, headers: { cookie } });

async function applied(cookie: string, overrides: Parameters<typeof application>[0] = {}): Promise<WholesaleAccount> {
  const response = await apply(application(overrides), cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as WholesaleAccount;
}

/** What is stored: rows of both tables and the private files. */
async function stored() {
  let files = 0;
  try {
    files = readdirSync(privateDocumentsDir(shop.dataDir)).length;
  } catch {}
  return {
    accounts: await shop.rowCount("wholesale_accounts"),
    documents: await shop.rowCount("wholesale_documents"),
    files,
  };
}

async function lettersTo(email: string) {
  await shop.app.services.background.settled();
  for (let tries = 0; tries < 50 && mailbox.to(email).length === 0; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await shop.app.services.background.settled();
  }
  return mailbox.to(email);
}

describe("applying for a wholesale account", () => {
  it("keeps the application with its licence and certificates, private and waiting; the buyer reads it back", async () => {
    const buyer = await newBuyer();
    expect((await get("/api/account/wholesale", buyer.cookie)).json()).toBeNull();
    const before = await stored();
    const account = await applied(buyer.cookie, { storeLine2: "Suite 5" });
    expect(account).toMatchObject({
      status: "pending",
      businessName: "Corner Smoke Shop LLC",
      ein: "12-3456789",
      store: { line1: "400 Congress Ave", line2: "Suite 5", city: "Austin", state: "TX", zip: "78701" },
      termsDays: null,
      refusalReason: null,
    });
    expect(
      account.documents.map((document) => [document.kind, document.state, document.number, document.status]),
    ).toEqual([
      ["licence", "TX", "TX-RET-0042", "pending"],
      ["resale_certificate", "OK", "RC-OK-7", "pending"],
      ["resale_certificate", "TX", "RC-TX-1", "pending"],
    ]);
    const tx = account.documents.find((document) => document.number === "RC-TX-1");
    expect(tx).toMatchObject({ expiresSoon: true, expired: false, contentType: "application/pdf" });
    expect(account.documents.find((document) => document.number === "RC-OK-7")).toMatchObject({ expiresSoon: false });
    expect(await stored()).toEqual({
      accounts: before.accounts + 1,
      documents: before.documents + 3,
      files: before.files + 3,
    });
    const read = await get("/api/account/wholesale", buyer.cookie);
    expect(read.json()).toEqual(account);
    // A second application while the first waits: 409 in words.
    const again = await apply(application(), buyer.cookie);
    expect(again.statusCode).toBe(409);
    expect((again.json() as ApiError).message).toMatch(/waiting for review/);
    expect(await stored()).toEqual({
      accounts: before.accounts + 1,
      documents: before.documents + 3,
      files: before.files + 3,
    });
  });

  const text = {
    file: Buffer.from("This is only text, not a PDF.\n"),
    filename: "licence.pdf",
    type: "application/pdf",
  };
  const bad: [string, Parameters<typeof application>[0], string][] = [
    ["no business name", { businessName: "  " }, "businessName"],
    ["an EIN without its dash", { ein: "123456789" }, "ein"],
    ["an EIN with letters", { ein: "12-34S6789" }, "ein"],
    ["no street", { storeLine1: undefined }, "storeLine1"],
    ["no city", { storeCity: "" }, "storeCity"],
    ["a state that is not one", { storeState: "XX" }, "storeState"],
    ["a ZIP of four digits", { storeZip: "7870" }, "storeZip"],
    ["no licence number", { licenceNumber: "" }, "licenceNumber"],
    ["no licence state", { licenceState: undefined }, "licenceState"],
    ["a licence that expired", { licenceExpiresOn: addDays(today(), -1) }, "licenceExpiresOn"],
    ["a licence expiry that is no day", { licenceExpiresOn: "2027-02-30" }, "licenceExpiresOn"],
    ["no licence file", { licenceFile: undefined }, "licenceFile"],
    ["a text file named .pdf as the licence", { licenceFile: text }, "licenceFile"],
    ["a text file named .pdf as a certificate", { certificateFile: [pdfPart(), text] }, "certificates.1.file"],
    ["a certificate without its file", { certificateFile: [pdfPart()] }, "certificates.1.file"],
    ["a certificate without a number", { certificateNumber: ["RC-TX-1", ""] }, "certificates.1.number"],
    [
      "a certificate that expired",
      { certificateExpiresOn: [addDays(today(), 20), addDays(today(), -3)] },
      "certificates.1.expiresOn",
    ],
    [
      "no certificate at all",
      {
        certificateState: undefined,
        certificateNumber: undefined,
        certificateExpiresOn: undefined,
        certificateFile: undefined,
      },
      "certificates",
    ],
  ];
  it.each(bad)("refuses %s in words beside the field, and writes nothing", async (_what, overrides, field) => {
    const buyer = await newBuyer();
    const before = await stored();
    const response = await apply(application(overrides), buyer.cookie);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as ApiError;
    expect(body.fields?.[field], JSON.stringify(body)).toMatch(/\w+/);
    expect(body.message).toMatch(/\w+ \w+/);
    expect(await stored()).toEqual(before);
    expect((await get("/api/account/wholesale", buyer.cookie)).json()).toBeNull();
  });

  it("names every problem at once", async () => {
    const buyer = await newBuyer();
    const response = await apply(application({ ein: "1", storeZip: "x", licenceFile: undefined }), buyer.cookie);
    expect(response.statusCode).toBe(400);
    expect(Object.keys((response.json() as ApiError).fields ?? {}).sort()).toEqual(["ein", "licenceFile", "storeZip"]);
  });

  it("needs a signed-in buyer", async () => {
    expect((await apply(application(), null)).statusCode).toBe(401);
    expect((await get("/api/account/wholesale", null)).statusCode).toBe(401);
  });
});

describe("staff review", () => {
  it("a customer and Staff cannot approve or refuse (403); a Manager approves with terms and the applicant hears of it", async () => {
    const buyer = await newBuyer();
    const account = await applied(buyer.cookie);
    const url = `/api/admin/wholesale-accounts/${account.id}`;
    for (const cookie of [buyer.cookie, cookies.customer, cookies.staff]) {
      expect((await post(`${url}/approve`, { termsDays: 30 }, cookie)).statusCode).toBe(403);
      expect((await post(`${url}/refuse`, { reason: "No." }, cookie)).statusCode).toBe(403);
    }
    // Staff may read it.
    expect((await get(url, cookies.staff)).statusCode).toBe(200);
    expect((await post(`${url}/approve`, { termsDays: 45 }, cookies.manager)).statusCode).toBe(400);
    const approved = await post(`${url}/approve`, { termsDays: 30 }, cookies.manager);
    expect(approved.statusCode, approved.body).toBe(200);
    const staffView = approved.json() as StaffWholesaleAccount;
    expect(staffView).toMatchObject({ status: "approved", termsDays: 30, buyer: { email: buyer.email } });
    expect(staffView.documents.every((document) => document.status === "approved")).toBe(true);
    const letters = await lettersTo(buyer.email);
    expect(letters.map((mail) => mail.subject)).toEqual([expect.stringMatching(/wholesale account .* is approved/)]);
    expect(letters[0]?.text).toContain("net 30");
    expect(letters[0]?.text).toContain("/account/wholesale");
    // The standing checkout asks now sees it.
    const standing = await shop.app.services.wholesale.standing(buyer.id, today());
    expect(standing?.termsDays).toBe(30);
    expect([...(standing?.licences.keys() ?? [])]).toEqual(["TX"]);
    // Approved once: a second approval or a refusal is 409 in words.
    const twice = await post(`${url}/approve`, { termsDays: null }, cookies.owner);
    expect(twice.statusCode).toBe(409);
    expect((twice.json() as ApiError).message).toMatch(/already approved/);
    expect((await post(`${url}/refuse`, { reason: "Changed our mind" }, cookies.owner)).statusCode).toBe(409);
    // And in the audit log, in words.
    const audit = await shop.app.db.kysely
      .selectFrom("audit_entries")
      .selectAll()
      .where("kind", "=", "wholesale_account")
      .where("subject_id", "=", account.id)
      .execute();
    expect(audit.map((entry) => [entry.action, entry.actor_name])).toEqual([["approved", expect.any(String)]]);
  });

  it("refuses with a reason the applicant is e-mailed, who applies again: the same row waits again", async () => {
    const buyer = await newBuyer();
    const account = await applied(buyer.cookie);
    const url = `/api/admin/wholesale-accounts/${account.id}`;
    expect((await post(`${url}/refuse`, { reason: "  " }, cookies.manager)).statusCode).toBe(400);
    const refused = await post(
      `${url}/refuse`,
      { reason: "The licence number does not match the state's register." },
      cookies.owner,
    );
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: "refused", refusalReason: expect.stringMatching(/register/) });
    const letters = await lettersTo(buyer.email);
    expect(letters.at(-1)?.text).toContain("does not match the state's register");
    expect(letters.at(-1)?.text).toMatch(/apply again/i);
    const mine = (await get("/api/account/wholesale", buyer.cookie)).json() as WholesaleAccount;
    expect(mine).toMatchObject({ status: "refused", refusalReason: expect.stringMatching(/register/) });

    const before = await stored();
    const again = await applied(buyer.cookie, {
      businessName: "Corner Smoke Shop II LLC",
      certificateState: "TX",
      certificateNumber: "RC-TX-2",
      certificateExpiresOn: addDays(today(), 90),
      certificateFile: pdfPart(),
    });
    expect(again).toMatchObject({
      id: account.id,
      status: "pending",
      businessName: "Corner Smoke Shop II LLC",
      refusalReason: null,
    });
    expect(again.documents.map((document) => [document.number, document.status])).toEqual([
      ["TX-RET-0042", "pending"],
      ["RC-TX-2", "pending"],
    ]);
    // The refused papers went with their files; the new ones came.
    expect(await stored()).toEqual({
      accounts: before.accounts,
      documents: before.documents - 1,
      files: before.files - 1,
    });
  });

  it("lists accounts for staff with their status, expiries, flags, orders and balance; by status and words", async () => {
    const buyer = await newBuyer();
    const account = await applied(buyer.cookie, { businessName: "Expiry Test Vapes Inc" });
    await post(`/api/admin/wholesale-accounts/${account.id}/approve`, { termsDays: 15 }, cookies.manager);
    const list = await get("/api/admin/wholesale-accounts?q=expiry%20test", cookies.staff);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as WholesaleAccountList;
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      id: account.id,
      businessName: "Expiry Test Vapes Inc",
      status: "approved",
      termsDays: 15,
      buyer: { email: buyer.email },
      licenceExpiresOn: addDays(today(), 200),
      certificateExpiresOn: addDays(today(), 20),
      expiryFlag: "expiring",
      orders: 0,
      balanceDueCents: 0,
    });
    const byEmail = (
      await get(`/api/admin/wholesale-accounts?q=${encodeURIComponent(buyer.email)}`, cookies.staff)
    ).json() as WholesaleAccountList;
    expect(byEmail.items.map((item) => item.id)).toEqual([account.id]);
    const pending = (
      await get("/api/admin/wholesale-accounts?status=pending&limit=100", cookies.staff)
    ).json() as WholesaleAccountList;
    expect(pending.items.every((item) => item.status === "pending")).toBe(true);
    expect(pending.items.some((item) => item.id === account.id)).toBe(false);
    expect((await get("/api/admin/wholesale-accounts?status=lost", cookies.staff)).statusCode).toBe(400);
    expect((await get("/api/admin/wholesale-accounts", cookies.customer)).statusCode).toBe(403);
  });

  it("flags an expired approved document, and a renewal waits for its own review", async () => {
    const buyer = await newBuyer();
    const account = await applied(buyer.cookie, { businessName: "Renewal Test Shop" });
    await post(`/api/admin/wholesale-accounts/${account.id}/approve`, { termsDays: null }, cookies.manager);
    // The licence ran out (the clock moved on): written straight in, as time would.
    await shop.app.db.kysely
      .updateTable("wholesale_documents")
      .set({ expires_on: addDays(today(), -2) })
      .where("account_id", "=", account.id)
      .where("kind", "=", "licence")
      .execute();
    const mine = (await get("/api/account/wholesale", buyer.cookie)).json() as WholesaleAccount;
    expect(mine.documents.find((document) => document.kind === "licence")).toMatchObject({
      expired: true,
      expiresSoon: false,
    });
    const row = (
      (await get("/api/admin/wholesale-accounts?q=renewal%20test", cookies.staff)).json() as WholesaleAccountList
    ).items[0];
    expect(row?.expiryFlag).toBe("expired");

    const renewal = (fields: Record<string, FormValue>) =>
      shop.app.inject({ method: "POST", url: "/api/account/wholesale/documents", ...multipart(fields, buyer.cookie) });
    const good = {
      kind: "licence",
      state: "TX",
      number: "TX-RET-0043",
      expiresOn: addDays(today(), 365),
      file: pdfPart(),
    };
    const before = await stored();
    const past = await renewal({ ...good, expiresOn: addDays(today(), -1) });
    expect(past.statusCode).toBe(400);
    expect((past.json() as ApiError).fields?.expiresOn).toMatch(/passed/);
    const notPdf = await renewal({
      ...good,
      file: { file: Buffer.from("hello"), filename: "x.pdf", type: "application/pdf" },
    });
    expect((notPdf.json() as ApiError).fields?.file).toMatch(/PDF/);
    expect(await stored()).toEqual(before);
    const sent = await renewal(good);
    expect(sent.statusCode, sent.body).toBe(201);
    const waiting = (sent.json() as WholesaleAccount).documents.find((document) => document.number === "TX-RET-0043");
    expect(waiting?.status).toBe("pending");

    const documentUrl = `/api/admin/wholesale-accounts/${account.id}/documents/${waiting?.id}`;
    expect((await post(`${documentUrl}/approve`, undefined, cookies.staff)).statusCode).toBe(403);
    const approved = await post(`${documentUrl}/approve`, undefined, cookies.manager);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as StaffWholesaleAccount).expiryFlag).toBe("expiring");
    expect((await post(`${documentUrl}/refuse`, { reason: "late" }, cookies.manager)).statusCode).toBe(409);
    const letters = await lettersTo(buyer.email);
    expect(letters.at(-1)?.subject).toMatch(/licence TX-RET-0043 .* approved/);
    // The renewal counts for checkout now.
    const standing = await shop.app.services.wholesale.standing(buyer.id, today());
    expect(standing?.licences.get("TX")?.number).toBe("TX-RET-0043");
  });

  it("serves a document's file to staff only, privately, as a download", async () => {
    const buyer = await newBuyer();
    const account = await applied(buyer.cookie);
    const document = account.documents[0];
    const url = `/api/admin/wholesale-accounts/${account.id}/documents/${document?.id}/file`;
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, buyer.cookie)).statusCode).toBe(403);
    const file = await get(url, cookies.staff);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(file.headers["cache-control"]).toBe("private, no-store");
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // Another account's id with this document: not found.
    const other = await applied((await newBuyer()).cookie);
    expect(
      (await get(`/api/admin/wholesale-accounts/${other.id}/documents/${document?.id}/file`, cookies.staff)).statusCode,
    ).toBe(404);
  });

  it("counts an account's orders that were not cancelled, and what is still owed on them", async () => {
    const buyer = await newBuyer();
    const kratom = await productOfClass(shop.app, "KRATOM");
    await setOwnVariants(shop.app.db.kysely, { stock: 100 }, [kratom]);
    const order = () => placeOrder(shop.app, buyer.cookie, { lines: [{ productId: kratom, quantity: 1 }] });
    const [paid, owed, cancelled] = [await order(), await order(), await order()];
    await payOrder(shop.app, cookies.owner, paid);
    expect(
      (await orderAction(shop.app, cookies.owner, cancelled.number, "status", { action: "cancel" })).statusCode,
    ).toBe(200);
    const account = await applied(buyer.cookie, { businessName: "Balance Test Distribution" });
    // Placed as wholesale orders would be (checkout's part): written straight in.
    await shop.app.db.kysely
      .updateTable("orders")
      .set({ channel: "wholesale", wholesale_account_id: account.id })
      .where("number", "in", [paid.number, owed.number, cancelled.number])
      .execute();
    const list = (
      await get("/api/admin/wholesale-accounts?q=balance%20test", cookies.staff)
    ).json() as WholesaleAccountList;
    expect(list.items[0]).toMatchObject({ orders: 2, balanceDueCents: owed.totalCents, expiryFlag: null });
    const one = (
      await get(`/api/admin/wholesale-accounts/${account.id}`, cookies.staff)
    ).json() as StaffWholesaleAccount;
    expect(one).toMatchObject({ orders: 2, balanceDueCents: owed.totalCents });
    expect(one.documents[0]?.fileUrl).toMatch(new RegExp(`^/api/admin/wholesale-accounts/${account.id}/documents/`));
  });
});
