import { dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { DATE_OF_BIRTH_SET } from "./profile-service.ts";

let shop: TestApp;
/** Customers' accounts are a Manager's (decision 077): the staff member who corrects a date is one. */
let manager = "";
/** A plain Staff account, which may not. */
let plainStaff = "";
let accountCount = 0;
const logLines: string[] = [];

/** A verified, signed-in customer without a date of birth (as an account staff made has none). */
async function buyerWithout(dateOfBirth: string | null = null) {
  const id = `dob-buyer-${++accountCount}`;
  const email = `${id}@buyer.test`;
  await addAccount(shop.app, TEST_ADMIN, { id, email, dateOfBirth });
  return { id, cookie: await loginCookie(shop.app, email, TEST_ADMIN.password) };
}

const yearsAgo = (years: number, extraDays = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + extraDays);
  return dayOf(date);
};

const put = (url: string, payload: object, cookie?: string) =>
  shop.app.inject({ method: "PUT", url, headers: cookie ? { cookie } : {}, payload });
const giveDateOfBirth = (cookie: string, dateOfBirth: string) =>
  put("/api/account/date-of-birth", { dateOfBirth }, cookie);
const storedDateOfBirth = async (id: string) =>
  (await shop.app.db.kysely.selectFrom("users").select("date_of_birth").where("id", "=", id).executeTakeFirstOrThrow())
    .date_of_birth;

beforeAll(async () => {
  shop = await createTestApp({
    env: { ...TEST_ADMIN_ENV, LOG_LEVEL: "info" },
    logStream: { write: (line) => logLines.push(line) },
  });
  await addAccount(shop.app, TEST_ADMIN, { id: "dob-staff", email: "dob-staff@shop.test", role: "manager" });
  manager = await loginCookie(shop.app, "dob-staff@shop.test", TEST_ADMIN.password);
  await addAccount(shop.app, TEST_ADMIN, { id: "dob-plain", email: "dob-plain@shop.test", role: "staff" });
  plainStaff = await loginCookie(shop.app, "dob-plain@shop.test", TEST_ADMIN.password);
});
afterAll(() => shop.close());

describe("the buyer gives the date of birth once", () => {
  it("sets it while the account has none; another date afterwards is refused in words and changes nothing", async () => {
    const buyer = await buyerWithout();
    const first = await giveDateOfBirth(buyer.cookie, "1991-04-12");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.dateOfBirth).toBe("1991-04-12");

    const again = await giveDateOfBirth(buyer.cookie, "1980-01-01");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: DATE_OF_BIRTH_SET,
      code: "date_of_birth_set",
      fields: { dateOfBirth: DATE_OF_BIRTH_SET },
    });
    expect(DATE_OF_BIRTH_SET).toBe("Your date of birth is set; contact us to correct it.");
    expect(await storedDateOfBirth(buyer.id)).toBe("1991-04-12");

    // The same date again (a retry after a lost answer) is answered as done.
    const retry = await giveDateOfBirth(buyer.cookie, "1991-04-12");
    expect(retry.statusCode).toBe(200);
  });

  it("of requests with different dates at the same time, exactly one sets it", async () => {
    const buyer = await buyerWithout();
    const dates = Array.from({ length: 8 }, (_, index) => `198${index}-06-15`);
    const answers = await Promise.all(dates.map((date) => giveDateOfBirth(buyer.cookie, date)));
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    expect(accepted).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(7);
    expect(await storedDateOfBirth(buyer.id)).toBe(accepted[0]?.json().user.dateOfBirth);
  });

  it("refuses a date under the shop's entry age, or not a real date, and sets nothing", async () => {
    const buyer = await buyerWithout();
    const young = await giveDateOfBirth(buyer.cookie, yearsAgo(18, 1));
    expect(young.statusCode).toBe(400);
    expect(young.json().fields).toEqual({ dateOfBirth: "You must be 18 or older to have an account." });
    for (const dateOfBirth of ["1990-02-30", "", "12/05/1990", "2999-01-01"]) {
      const bad = await giveDateOfBirth(buyer.cookie, dateOfBirth);
      expect(bad.statusCode, dateOfBirth).toBe(400);
      expect(bad.json().fields.dateOfBirth, dateOfBirth).toMatch(/date/i);
    }
    const extra = await put("/api/account/date-of-birth", { dateOfBirth: "1990-01-01", role: "staff" }, buyer.cookie);
    expect(extra.statusCode).toBe(400);
    expect(await storedDateOfBirth(buyer.id)).toBeNull();
  });

  it("is for signed-in accounts only", async () => {
    const anonymous = await put("/api/account/date-of-birth", { dateOfBirth: "1990-01-01" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the profile update cannot change a date of birth that is set", () => {
  const profile = (cookie: string, extra: Record<string, unknown>) =>
    put("/api/account/profile", { firstName: "Jo", lastName: "Rivera", phone: "", ...extra }, cookie);

  it("refuses another date, and changes nothing of the profile", async () => {
    const buyer = await buyerWithout("1990-05-17");
    const changed = await profile(buyer.cookie, { firstName: "Changed", dateOfBirth: "1970-01-01" });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ message: DATE_OF_BIRTH_SET, fields: { dateOfBirth: DATE_OF_BIRTH_SET } });
    const row = await shop.app.db.kysely
      .selectFrom("users")
      .select(["first_name", "date_of_birth"])
      .where("id", "=", buyer.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: "Admin", date_of_birth: "1990-05-17" });
  });

  it("accepts the same date or none, and keeps it", async () => {
    const buyer = await buyerWithout("1990-05-17");
    const same = await profile(buyer.cookie, { dateOfBirth: "1990-05-17" });
    expect(same.statusCode, same.body).toBe(200);
    const without = await profile(buyer.cookie, { firstName: "Robin" });
    expect(without.statusCode).toBe(200);
    expect(without.json().user).toMatchObject({ firstName: "Robin", dateOfBirth: "1990-05-17" });
  });

  it("adds it to an account that has none, once, with the entry age checked", async () => {
    const buyer = await buyerWithout();
    const young = await profile(buyer.cookie, { firstName: "Young", dateOfBirth: yearsAgo(17) });
    expect(young.statusCode).toBe(400);
    expect(young.json().fields).toEqual({ dateOfBirth: "You must be 18 or older to have an account." });
    expect(await storedDateOfBirth(buyer.id)).toBeNull();
    const added = await profile(buyer.cookie, { dateOfBirth: "1993-09-09" });
    expect(added.json().user.dateOfBirth).toBe("1993-09-09");
    expect((await profile(buyer.cookie, { dateOfBirth: "1994-09-09" })).statusCode).toBe(409);
    expect(await storedDateOfBirth(buyer.id)).toBe("1993-09-09");
  });
});

describe("staff set or correct the date of birth", () => {
  it("a staff member corrects a customer's date; the customer sees it", async () => {
    const buyer = await buyerWithout("1990-05-17");
    const corrected = await put(`/api/customers/${buyer.id}/date-of-birth`, { dateOfBirth: "1989-05-17" }, manager);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ id: buyer.id, dateOfBirth: "1989-05-17" });
    const me = await shop.app.inject({ method: "GET", url: "/api/account", headers: { cookie: buyer.cookie } });
    expect(me.json().user.dateOfBirth).toBe("1989-05-17");
    // Who changed it and when is recorded in the log (the audit log does not keep it), without the dates.
    const record = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === "date of birth set by staff" && entry.userId === buyer.id);
    expect(record).toMatchObject({ actorId: "dob-staff", time: expect.anything() });
    expect(JSON.stringify(record)).not.toContain("1989-05-17");
  });

  it("sets one where none was given", async () => {
    const buyer = await buyerWithout();
    const set = await put(`/api/customers/${buyer.id}/date-of-birth`, { dateOfBirth: "1979-12-31" }, manager);
    expect(set.json().dateOfBirth).toBe("1979-12-31");
    // The buyer still cannot change what staff set.
    expect((await giveDateOfBirth(buyer.cookie, "1980-01-01")).statusCode).toBe(409);
  });

  it("refuses a date that is not real, an unknown customer, and a staff account under /customers", async () => {
    const buyer = await buyerWithout("1990-05-17");
    const bad = await put(`/api/customers/${buyer.id}/date-of-birth`, { dateOfBirth: "1990-13-01" }, manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.dateOfBirth).toBe("Please enter a real date.");
    expect(await storedDateOfBirth(buyer.id)).toBe("1990-05-17");
    const unknown = await put("/api/customers/no-such-user/date-of-birth", { dateOfBirth: "1990-01-01" }, manager);
    expect(unknown.statusCode).toBe(404);
    const staffAccount = await put("/api/customers/dob-staff/date-of-birth", { dateOfBirth: "1990-01-01" }, manager);
    expect(staffAccount.statusCode).toBe(404);
  });

  it("deny by default: anonymous 401, a customer 403 (even for their own account), a Staff account 403, a Manager 403 on staff accounts", async () => {
    const buyer = await buyerWithout("1990-05-17");
    const url = `/api/customers/${buyer.id}/date-of-birth`;
    expect((await put(url, { dateOfBirth: "1970-01-01" })).statusCode).toBe(401);
    expect((await put(url, { dateOfBirth: "1970-01-01" }, buyer.cookie)).statusCode).toBe(403);
    expect((await put(url, { dateOfBirth: "1970-01-01" }, plainStaff)).statusCode).toBe(403);
    expect((await put("/api/staff/dob-staff/date-of-birth", { dateOfBirth: "1970-01-01" }, manager)).statusCode).toBe(
      403,
    );
    expect(await storedDateOfBirth(buyer.id)).toBe("1990-05-17");
    expect(await storedDateOfBirth("dob-staff")).not.toBe("1970-01-01");
  });
});

describe("the purchase age applies at the order", () => {
  it("a buyer who gave a date under the purchase age is refused the order; corrected by staff, they may buy", async () => {
    // A product anyone may buy (no hemp the federal limit may bar), the same one each run.
    const product = await sellableProducts(shop.app).select("id").orderBy("id").executeTakeFirstOrThrow();
    await setOwnVariants(shop.app.db.kysely, { stock: 50 }, [product.id]);
    const buyer = await buyerWithout();
    // Old enough for an account (18), too young to buy (21).
    expect((await giveDateOfBirth(buyer.cookie, yearsAgo(20))).statusCode).toBe(200);
    const order = (key: string) =>
      shop.app.inject({
        method: "POST",
        url: "/api/Order",
        headers: { cookie: buyer.cookie, "idempotency-key": key },
        payload: {
          lines: [{ productId: product.id, quantity: 1 }],
          shippingAddress: {
            fullName: "Robin Hale",
            line1: "12 Elm Street",
            city: "Austin",
            state: "TX",
            zip: "78701",
          },
          paymentMethodId: "bank-transfer",
        },
      });
    const refused = await order("dob-order-1");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "under_age",
      message: "You must be 21 or older to buy from this shop.",
    });
    expect(
      Number(
        (
          await shop.app.db.kysely
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("user_id", "=", buyer.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);

    expect(
      (await put(`/api/customers/${buyer.id}/date-of-birth`, { dateOfBirth: yearsAgo(21) }, manager)).statusCode,
    ).toBe(200);
    const placed = await order("dob-order-2");
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
