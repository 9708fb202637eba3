import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, TEST_ADMIN, TEST_ADMIN_ENV } from "../test/forms.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { containsText, endOfDay } from "./conditions.ts";

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp({ demoData: false, env: TEST_ADMIN_ENV });
  for (const [id, email] of [
    ["under", "jo_smith@shop.test"],
    ["letter", "joXsmith@shop.test"],
    ["percent", "ten%off@shop.test"],
    ["slash", "back\\slash@shop.test"],
  ]) {
    await addAccount(shop.app, TEST_ADMIN, { id: id as string, email: email as string });
  }
});
afterAll(() => shop.close());

const idsContaining = async (text: string) =>
  (
    await shop.app.db.kysely
      .selectFrom("users")
      .where(containsText(sql.ref("email"), text))
      .select("id")
      .orderBy("id")
      .execute()
  ).map((row) => row.id);

describe("containsText", () => {
  it("matches the text anywhere, in any case", async () => {
    expect(await idsContaining("SMITH@")).toEqual(["letter", "under"]);
  });

  it("takes %, _ and \\ literally on this engine (an e-mail with an underscore is found, and only it)", async () => {
    expect(await idsContaining("jo_s")).toEqual(["under"]);
    expect(await idsContaining("n%o")).toEqual(["percent"]);
    expect(await idsContaining("k\\s")).toEqual(["slash"]);
    expect(await idsContaining("%")).toEqual(["percent"]);
  });
});

describe("endOfDay", () => {
  it("is the first instant of the next day, across a month's and a year's end", () => {
    expect(endOfDay("2026-03-10")).toBe("2026-03-11T00:00:00.000Z");
    expect(endOfDay("2026-02-28")).toBe("2026-03-01T00:00:00.000Z");
    expect(endOfDay("2026-12-31")).toBe("2027-01-01T00:00:00.000Z");
  });
});
