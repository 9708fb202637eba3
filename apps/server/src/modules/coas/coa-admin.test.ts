import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ApiError, CoaBatch } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePdf } from "../../lib/simple-pdf.ts";
import { coaFormFields, daysAgo, type FormValue, multipart, type Sessions } from "../../test/forms.ts";
import { productIdBySku } from "../../test/products.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let cookies: Sessions;
let productId: string;
beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions());
  productId = await productIdBySku(shop.app, "HMP-CPL-CBG-MNG-30");
});
afterAll(() => shop.close());

/** A day (YYYY-MM-DD) some days before today: reports may not be dated in the future. */

const pdf = writePdf([{ rects: [], texts: [{ x: 40, y: 700, size: 12, text: "Test report T-ADMIN-1" }] }], {
  title: "Test",
  author: "Test lab",
});

/** The test report with its catalog changed and its table's offsets moved to match, so that only the change is refused. */
function rewritePdf(find: string, replace: string): Buffer {
  const text = pdf.toString("latin1");
  const shift = replace.length - find.length;
  const changed = text.replace(find, replace);
  // Every object after the catalog moves by the same number of bytes; the table says so.
  const xrefAt = changed.lastIndexOf("\nxref\n") + 1;
  const table = changed
    .slice(xrefAt)
    .replace(/^(\d{10}) 00000 n/gm, (entry, offset: string) =>
      Number(offset) > text.indexOf(find) ? `${String(Number(offset) + shift).padStart(10, "0")} 00000 n` : entry,
    )
    .replace(/startxref\n(\d+)/, (_, offset: string) => `startxref\n${Number(offset) + shift}`);
  return Buffer.from(changed.slice(0, xrefAt) + table, "latin1");
}

function form(overrides: Record<string, FormValue | undefined> = {}): Record<string, FormValue> {
  return coaFormFields(productId, pdf, {
    lotNumber: "t-admin-1",
    delta9Thc: "0.284",
    thca: "20.5",
    cbd: "0",
    heavyMetals: "failed",
    ...overrides,
  });
}

/** Sent by the staff account unless another cookie, or null for a visitor, is given. */
async function post(fields: Record<string, FormValue>, cookie: string | null = cookies.staff) {
  return shop.app.inject({ method: "POST", url: "/api/admin/coas", ...multipart(fields, cookie) });
}

async function counts() {
  return { batches: await shop.rowCount("batches"), coas: await shop.rowCount("coas") };
}

async function remove(lot: string) {
  await shop.app.db.kysely.deleteFrom("batches").where("lot_number", "=", lot).execute();
}

describe("POST /api/admin/coas", () => {
  it("publishes a staff member's COA: its batch page and PDF are public at once", async () => {
    const response = await post(form());
    expect(response.statusCode).toBe(201);
    const batch = response.json() as CoaBatch;
    try {
      expect(batch).toMatchObject({
        lotNumber: "T-ADMIN-1",
        product: { id: productId, available: true },
        lab: { name: "Test Lab", accreditation: "ISO/IEC 17025:2017", certificateNumber: "T-1" },
        reportDate: daysAgo(1),
        cannabinoids: { delta9Thc: 284, thca: 20_500, totalThc: 284 + 17_979, cbd: 0, cbg: null },
        panels: {
          pesticides: "passed",
          heavyMetals: "failed",
          microbials: "not_tested",
          mycotoxins: "not_tested",
          residualSolvents: "not_tested",
        },
        alkaloids: { servingSize: null, mitragynine: null },
        pdf: { url: "/api/coas/T-ADMIN-1/pdf", bytes: pdf.length },
      });
      const served = await shop.app.inject("/api/coas/t-admin-1/pdf");
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(pdf)).toBe(true);
      const latest = await shop.app.services.coas.latestForVariant(productId);
      expect(latest.latest?.lotNumber).toBe("T-ADMIN-1");
    } finally {
      await remove("T-ADMIN-1");
    }
  });

  it("reads the THC per container in milligrams into micrograms, and shows it on the batch", async () => {
    const response = await post(form({ lotNumber: "T-ADMIN-CONTAINER", thcPerContainer: "0.38" }));
    try {
      expect(response.statusCode, response.body).toBe(201);
      expect((response.json() as CoaBatch).thcPerContainer).toBe(380);
      const served = await shop.app.inject("/api/coas/T-ADMIN-CONTAINER");
      expect((served.json() as CoaBatch).thcPerContainer).toBe(380);
    } finally {
      await remove("T-ADMIN-CONTAINER");
    }
    const unstated = await post(form({ lotNumber: "T-ADMIN-UNSTATED" }));
    try {
      expect((unstated.json() as CoaBatch).thcPerContainer).toBeNull();
    } finally {
      await remove("T-ADMIN-UNSTATED");
    }
  });

  it("reads milligrams per serving into micrograms", async () => {
    const response = await post(
      form({
        lotNumber: "T-ADMIN-MG",
        delta9Thc: undefined,
        thca: undefined,
        cbd: undefined,
        servingSize: "1 tablet",
        mitragynine: "0.41",
        sevenHydroxymitragynine: "15.2",
        sevenHydroxyShareOfAlkaloids: "96.8",
      }),
    );
    try {
      expect(response.statusCode).toBe(201);
      expect((response.json() as CoaBatch).alkaloids).toEqual({
        servingSize: "1 tablet",
        mitragynine: 410,
        sevenHydroxymitragynine: 15_200,
        mitragyninePseudoindoxyl: null,
        sevenHydroxyShareOfAlkaloids: 96_800,
      });
    } finally {
      await remove("T-ADMIN-MG");
    }
  });

  it("is closed to visitors and customers, and they change nothing", async () => {
    const before = await counts();
    expect((await post(form(), null)).statusCode).toBe(401);
    expect((await post(form(), cookies.customer)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [
      "a file that is not a PDF",
      { pdf: { file: Buffer.from("<html><script>alert(1)</script>"), filename: "x.pdf" } },
      400,
      "The file is not a PDF.",
    ],
    ["no PDF", { pdf: undefined }, 400, "pdf"],
    ["a percentage that is not a number", { thca: "lots" }, 400, "thca"],
    ["a percentage over 100", { delta9Thc: "100.5" }, 400, "delta9Thc"],
    ["four decimals", { cbd: "0.1234" }, 400, "cbd"],
    ["a lot number with spaces", { lotNumber: "T ADMIN" }, 400, "lotNumber"],
    ["a date that does not exist", { sampleDate: "2026-02-30" }, 400, "sampleDate"],
    ["a test before the sample", { testDate: daysAgo(8) }, 400, "The test date cannot be before the sample date."],
    ["a report before the test", { reportDate: daysAgo(6) }, 400, "The report date cannot be before the test date."],
    ["a report in the future", { reportDate: "2999-01-01" }, 400, "The report date cannot be in the future."],
    ["an unknown panel result", { microbials: "maybe" }, 400, "microbials"],
    ["an unknown field", { price: "1" }, 400, "price"],
    ["a blank lab name", { labName: "  " }, 400, "Enter the lab's name."],
    ["an unknown product", { productId: "no-such-product" }, 404, "product with id no-such-product not found."],
  ])("refuses %s and changes nothing", async (_name, overrides, status, words) => {
    const before = await counts();
    const response = await post(form(overrides as Record<string, FormValue | undefined>));
    expect(response.statusCode).toBe(status);
    const body = response.json() as ApiError;
    expect(`${body.message} ${Object.keys(body.fields ?? {}).join(" ")}`).toContain(words);
    expect(await counts()).toEqual(before);
  });

  const reportPdf = pdf.toString("latin1");
  it.each([
    [
      "a truncated PDF",
      Buffer.from(reportPdf.slice(0, reportPdf.length / 2), "latin1"),
      "not a complete, readable PDF",
    ],
    [
      "random bytes after a PDF header",
      Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(2048)]),
      "not a complete",
    ],
    [
      "a PDF that runs JavaScript when opened",
      rewritePdf("/Type /Catalog", "/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>"),
      "This PDF contains JavaScript",
    ],
    [
      "a PDF whose script names are hex-escaped",
      rewritePdf("/Type /Catalog", "/Type /Catalog /OpenAction << /S /J#61vaScript /#4aS (app.alert(1)) >>"),
      "This PDF contains JavaScript",
    ],
    [
      "a PDF with an attached file",
      rewritePdf("/Type /Catalog", "/Type /Catalog /Names << /EmbeddedFiles << /Names [(a.exe) << /EF << >> >>] >> >>"),
      "This PDF contains an attached file",
    ],
  ])("refuses %s beside the file field, and changes nothing", async (_name, file, words) => {
    const before = await counts();
    const response = await post(form({ pdf: { file, filename: "report.pdf", type: "application/pdf" } }));
    expect(response.statusCode).toBe(400);
    const body = response.json() as ApiError;
    expect(body.message).toContain(words);
    expect(body.fields).toEqual({ pdf: body.message });
    expect(await counts()).toEqual(before);
  });

  it("accepts a report another tool made (Chromium's print to PDF)", async () => {
    const chromium = readFileSync(path.join(import.meta.dirname, "test-pdfs", "chromium-report.pdf"));
    const response = await post(
      form({ lotNumber: "T-ADMIN-CHROMIUM", pdf: { file: chromium, filename: "coa.pdf", type: "application/pdf" } }),
    );
    try {
      expect(response.statusCode).toBe(201);
      expect((await shop.app.inject("/api/coas/T-ADMIN-CHROMIUM/pdf")).rawPayload.equals(chromium)).toBe(true);
    } finally {
      await remove("T-ADMIN-CHROMIUM");
    }
  });

  it("refuses a PDF over 10 MB", async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    huge.write("%PDF-1.4", 0, "latin1");
    const before = await counts();
    const response = await post(form({ pdf: { file: huge, filename: "big.pdf" } }));
    expect(response.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("refuses a lot that already has a COA, in any case", async () => {
    const before = await counts();
    const response = await post(form({ lotNumber: "hmh-vcs-2609b" }));
    expect(response.statusCode).toBe(409);
    expect((response.json() as ApiError).message).toBe(
      "Batch HMH-VCS-2609B already has a COA. Delete it first to publish a corrected report.",
    );
    expect(await counts()).toEqual(before);
  });
});

describe("DELETE /api/admin/coas/{lot}", () => {
  it("withdraws a batch for staff only; an unknown lot is a 404", async () => {
    expect((await post(form({ lotNumber: "T-ADMIN-DEL" }))).statusCode).toBe(201);
    const url = "/api/admin/coas/t-admin-del";
    expect((await shop.app.inject({ method: "DELETE", url })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: "DELETE", url, headers: { cookie: cookies.customer } })).statusCode).toBe(
      403,
    );
    expect((await shop.app.inject("/api/coas/T-ADMIN-DEL")).statusCode).toBe(200);
    const deleted = await shop.app.inject({ method: "DELETE", url, headers: { cookie: cookies.staff } });
    expect(deleted.statusCode).toBe(204);
    expect((await shop.app.inject("/api/coas/T-ADMIN-DEL")).statusCode).toBe(404);
    const again = await shop.app.inject({ method: "DELETE", url, headers: { cookie: cookies.staff } });
    expect(again.statusCode).toBe(404);
  });
});
