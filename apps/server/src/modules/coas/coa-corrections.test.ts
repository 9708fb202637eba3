import type { ApiError, AuditPage, CoaBatch, Product, ProductList } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePdf } from "../../lib/simple-pdf.ts";
import { coaFormFields, daysAgo, type FormValue, multipart, type Sessions } from "../../test/forms.ts";
import { productIdBySku } from "../../test/products.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";

// Staff correct a COA's figures with a reason (docs/decisions/083); the correction
// is kept with the COA and in the audit log, the batch page shows the corrected figures and when
// they changed, the PDF stays as the lab issued it, and the product's verdict under the hemp limit
// is decided again as after a new COA.

let shop: TestApp;
let cookies: Sessions;
/** The demo's featured CBD gummies, for sale under the federal hemp limit with their demo COA. */
let gummies: string;
beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions());
  gummies = await productIdBySku(shop.app, "HMP-CPL-CBG-MNG-30");
});
afterAll(() => shop.close());

const pdf = writePdf([{ rects: [], texts: [{ x: 40, y: 700, size: 12, text: "Test report T-FIX" }] }], {
  title: "Test",
  author: "Test lab",
});

/**
 * Publishes a COA of the gummies dated today (their latest), which states no THC per container,
 * as those of a shop that ran before the limit do; gives a function that withdraws it.
 */
async function publishWithoutPerContainer(lot: string, overrides: Record<string, FormValue | undefined> = {}) {
  const fields = coaFormFields(gummies, pdf, {
    lotNumber: lot,
    reportDate: daysAgo(0),
    delta9Thc: "0.001",
    thca: "0",
    cbd: "0.5",
    ...overrides,
  });
  const response = await shop.app.inject({
    method: "POST",
    url: "/api/admin/coas",
    ...multipart(fields, cookies.staff),
  });
  expect(response.statusCode, response.body).toBe(201);
  return async () => {
    await shop.app.inject({ method: "DELETE", url: `/api/admin/coas/${lot}`, headers: { cookie: cookies.staff } });
  };
}

function correct(lot: string, body: Record<string, unknown>, cookie: string | null = cookies.staff) {
  return shop.app.inject({
    method: "PATCH",
    url: `/api/admin/coas/${encodeURIComponent(lot)}`,
    payload: body,
    headers: cookie ? { cookie } : {},
  });
}

const batchOf = async (lot: string) => (await shop.getJson<CoaBatch>(`/api/coas/${lot}`)).body;
const soldNowhere = async () => (await shop.getJson<Product>(`/api/Product/${gummies}`)).body.soldNowhere;
async function listed(query: string): Promise<boolean> {
  const { body } = await shop.getJson<ProductList>(`/api/Product?limit=100&${query}`);
  return body.items.some((item) => item.id === gummies);
}
async function coaAudit() {
  const response = await shop.app.inject({ url: "/api/admin/audit?kind=coa", headers: { cookie: cookies.owner } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AuditPage).items;
}
async function counts() {
  return { corrections: await shop.rowCount("coa_corrections"), audit: await shop.rowCount("audit_entries") };
}

describe("PATCH /api/admin/coas/{lot}", () => {
  it("corrects the figures given with the reason: the batch shows them and when, the record and the audit log keep before and after, the PDF stays", async () => {
    const withdraw = await publishWithoutPerContainer("T-FIX-1");
    try {
      const before = await batchOf("T-FIX-1");
      expect(before.corrections).toEqual([]);
      const response = await correct("t-fix-1", {
        thcPerContainer: "0.3",
        cbd: "0.52",
        heavyMetals: "passed",
        // As the COA has it: not a change.
        delta9Thc: "0.001",
        reason: "  Typed from the report's second page; the per-container table was missed.  ",
      });
      expect(response.statusCode, response.body).toBe(200);
      const corrected = response.json() as CoaBatch;
      expect(corrected.thcPerContainer).toBe(300);
      expect(corrected.cannabinoids).toMatchObject({ cbd: 520, delta9Thc: 1, thca: 0 });
      expect(corrected.panels).toMatchObject({ heavyMetals: "passed", pesticides: "passed" });
      expect(corrected.corrections).toEqual([
        {
          at: expect.any(String),
          reason: "Typed from the report's second page; the per-container table was missed.",
          figures: ["cbd", "thcPerContainer", "heavyMetals"],
        },
      ]);
      // What the lab issued stays.
      expect(corrected).toMatchObject({ lab: before.lab, reportDate: before.reportDate, pdf: before.pdf });
      const served = await shop.app.inject("/api/coas/T-FIX-1/pdf");
      expect(served.rawPayload.equals(pdf)).toBe(true);
      expect(await batchOf("T-FIX-1")).toEqual(corrected);

      const [record] = await shop.app.db.kysely
        .selectFrom("coa_corrections")
        .selectAll()
        .where("reason", "like", "Typed from the report's second page%")
        .execute();
      expect(record).toMatchObject({ actor_id: "user-staff", at: corrected.corrections[0]?.at });
      expect(JSON.parse(record?.before_json ?? "")).toEqual({
        cbd: 500,
        thcPerContainer: null,
        heavyMetals: "not_tested",
      });
      expect(JSON.parse(record?.after_json ?? "")).toEqual({ cbd: 520, thcPerContainer: 300, heavyMetals: "passed" });

      const [entry] = await coaAudit();
      expect(entry).toMatchObject({
        actorId: "user-staff",
        kind: "coa",
        subjectLabel: expect.stringContaining("Batch T-FIX-1 of Copperleaf Farms CBD Gummies"),
        action: "figures corrected: Typed from the report's second page; the per-container table was missed.",
        before: { cbd: "0.5 %", thcPerContainer: null, heavyMetals: "not_tested" },
        after: { cbd: "0.52 %", thcPerContainer: "0.3 mg", heavyMetals: "passed" },
      });

      // A second correction: newest first; a blank figure becomes "not tested".
      const again = await correct("T-FIX-1", { cbd: "", reason: "CBD was not part of this report." });
      expect(again.statusCode, again.body).toBe(200);
      const twice = again.json() as CoaBatch;
      expect(twice.cannabinoids.cbd).toBeNull();
      expect(twice.thcPerContainer).toBe(300);
      expect(twice.corrections.map((note) => note.reason)).toEqual([
        "CBD was not part of this report.",
        "Typed from the report's second page; the per-container table was missed.",
      ]);
    } finally {
      await withdraw();
    }
    // Withdrawn with its batch.
    expect(await shop.rowCount("coa_corrections")).toBe(0);
  });

  it("decides the hemp verdict again: no per-container figure is over the limit, 0.3 mg is for sale, 0.5 mg is not; the list, featured and in-stock flags follow", async () => {
    expect(await soldNowhere()).toBe(false);
    const withdraw = await publishWithoutPerContainer("T-FIX-HEMP");
    try {
      // Decision 076: a COA that does not state the figure counts as over the limit.
      expect(await soldNowhere()).toBe(true);
      expect(await listed("featured=true")).toBe(false);
      expect(await listed("inStock=true")).toBe(false);

      const under = await correct("T-FIX-HEMP", {
        thcPerContainer: "0.3",
        reason: "The report states 0.3 mg per container.",
      });
      expect(under.statusCode, under.body).toBe(200);
      expect(await soldNowhere()).toBe(false);
      expect(await listed("featured=true")).toBe(true);
      expect(await listed("inStock=true")).toBe(true);

      const over = await correct("T-FIX-HEMP", {
        thcPerContainer: "0.5",
        reason: "Misread: the report states 0.5 mg.",
      });
      expect(over.statusCode, over.body).toBe(200);
      expect(await soldNowhere()).toBe(true);
      expect(await listed("featured=true")).toBe(false);
    } finally {
      await withdraw();
    }
    expect(await soldNowhere()).toBe(false);
  });

  it.each([
    ["no reason", { thcPerContainer: "0.3" }, "reason", "Please say why the figures are corrected."],
    [
      "a blank reason",
      { thcPerContainer: "0.3", reason: "   " },
      "reason",
      "Please say why the figures are corrected.",
    ],
    ["a reason of one word too short", { thcPerContainer: "0.3", reason: "typo" }, "reason", "at least 5 characters"],
    ["a reason without words", { thcPerContainer: "0.3", reason: "12345 !!" }, "reason", "in words"],
    ["a reason too long", { thcPerContainer: "0.3", reason: "x".repeat(501) }, "reason", "at most 500 characters"],
    [
      "a figure that is not a number",
      { thcPerContainer: "lots", reason: "The report says so." },
      "thcPerContainer",
      "number",
    ],
    ["a percentage over 100", { thca: "100.5", reason: "The report says so." }, "thca", "from 0 to 100 %"],
    ["four decimals", { cbd: "0.1234", reason: "The report says so." }, "cbd", "at most three decimals"],
    ["an unknown panel result", { microbials: "maybe", reason: "The report says so." }, "microbials", "passed"],
    [
      "the lab's name, which is not a figure",
      { labName: "Other Lab", reason: "The report says so." },
      "labName",
      "is not a known field",
    ],
    [
      "the report date",
      { reportDate: daysAgo(2), reason: "The report says so." },
      "reportDate",
      "is not a known field",
    ],
    ["the lot", { lotNumber: "T-FIX-OTHER", reason: "The report says so." }, "lotNumber", "is not a known field"],
    ["the product", { productId: "another", reason: "The report says so." }, "productId", "is not a known field"],
    ["the PDF", { pdf: "x", reason: "The report says so." }, "pdf", "is not a known field"],
  ])("refuses %s beside the field and changes nothing", async (_name, body, field, words) => {
    const withdraw = await publishWithoutPerContainer("T-FIX-BAD");
    try {
      const before = { batch: await batchOf("T-FIX-BAD"), counts: await counts() };
      const response = await correct("T-FIX-BAD", body);
      expect(response.statusCode, response.body).toBe(400);
      const error = response.json() as ApiError;
      expect(Object.keys(error.fields ?? {})).toContain(field);
      expect(error.fields?.[field]).toContain(words);
      expect(await batchOf("T-FIX-BAD")).toEqual(before.batch);
      expect(await counts()).toEqual(before.counts);
      expect(await soldNowhere()).toBe(true);
    } finally {
      await withdraw();
    }
  });

  it("refuses a correction that changes no figure, and changes nothing", async () => {
    const withdraw = await publishWithoutPerContainer("T-FIX-SAME");
    try {
      const before = await counts();
      for (const body of [{ reason: "Nothing really." }, { cbd: "0.500", reason: "The same figure again." }]) {
        const response = await correct("T-FIX-SAME", body);
        expect(response.statusCode, response.body).toBe(400);
        expect((response.json() as ApiError).message).toBe(
          "These are the figures the COA has already: change at least one to correct it.",
        );
      }
      expect(await counts()).toEqual(before);
    } finally {
      await withdraw();
    }
  });

  it("answers 404 in words for an unknown lot", async () => {
    const before = await counts();
    const response = await correct("NO-SUCH-LOT", { thcPerContainer: "0.3", reason: "The report says so." });
    expect(response.statusCode).toBe(404);
    expect((response.json() as ApiError).message).toBe(
      "No lab results are published for batch NO-SUCH-LOT. Check the batch number printed on your package.",
    );
    expect(await counts()).toEqual(before);
  });

  it("is closed to visitors and customers, who change nothing; a Manager and an Owner may correct too", async () => {
    const withdraw = await publishWithoutPerContainer("T-FIX-WHO");
    try {
      const before = { batch: await batchOf("T-FIX-WHO"), counts: await counts() };
      const body = { thcPerContainer: "0.3", reason: "The report states 0.3 mg per container." };
      expect((await correct("T-FIX-WHO", body, null)).statusCode).toBe(401);
      expect((await correct("T-FIX-WHO", body, cookies.customer)).statusCode).toBe(403);
      expect(await batchOf("T-FIX-WHO")).toEqual(before.batch);
      expect(await counts()).toEqual(before.counts);
      expect((await correct("T-FIX-WHO", body, cookies.manager)).statusCode).toBe(200);
      const owner = await correct("T-FIX-WHO", { ...body, thcPerContainer: "0.2" }, cookies.owner);
      expect(owner.statusCode).toBe(200);
    } finally {
      await withdraw();
    }
  });
});
