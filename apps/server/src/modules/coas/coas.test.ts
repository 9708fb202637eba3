import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ApiError, CoaBatch, CoaList } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCoas } from "../../db/seed/demo-coas.ts";
import { newId } from "../../lib/ids.ts";
import { writePdf } from "../../lib/simple-pdf.ts";
import { productIdBySku } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createPdfStore, documentsDir, PDF_MAX_BYTES } from "./pdf-store.ts";
import { qrCode } from "./qr.ts";
import { createCoaRepository } from "./repository.ts";
import { createCoaService } from "./service.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

const productId = (sku: string) => productIdBySku(shop.app, sku);
/** A product's own variant (docs/decisions/093), as a batch names it. */
const ownVariant = async (sku: string) => {
  const id = await productId(sku);
  return { product_id: id, variant_id: id };
};

const OLD_LOT = "HMH-VCS-2510A";
const NEW_LOT = "HMH-VCS-2609B";

describe("GET /api/coas", () => {
  it("lists every published batch, newest report first, with its COA", async () => {
    const { status, body } = await shop.getJson<CoaList>("/api/coas?limit=100");
    expect(status).toBe(200);
    expect(body.totalBatches).toBe(demoCoas.length);
    expect(body.items).toHaveLength(demoCoas.length);
    expect(body.totalPages).toBe(1);
    const dates = body.items.map((batch) => batch.reportDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const batch of body.items) {
      expect(batch.pdf.url).toBe(`/api/coas/${batch.lotNumber}/pdf`);
      expect(batch.pdf.bytes).toBeGreaterThan(500);
      expect(batch.lab.accreditation).toMatch(/ISO\/IEC 17025/);
      expect(batch.sampleDate <= batch.testDate && batch.testDate <= batch.reportDate).toBe(true);
      expect(batch.product.available).toBe(true);
    }
  });

  it("pages through the batches, 20 to a page by default", async () => {
    const first = await shop.getJson<CoaList>("/api/coas");
    expect(first.body.items).toHaveLength(20);
    expect(first.body.totalPages).toBe(Math.ceil(demoCoas.length / 20));
    const second = await shop.getJson<CoaList>("/api/coas?page=2");
    const lots = [...first.body.items, ...second.body.items].map((batch) => batch.lotNumber);
    expect(new Set(lots).size).toBe(demoCoas.length);
  });

  it("finds a product's batches by its id, newest first", async () => {
    const id = await productId("HMP-HMH-VCS-35");
    const { body } = await shop.getJson<CoaList>(`/api/coas?product=${id}`);
    expect(body.items.map((batch) => batch.lotNumber)).toEqual([NEW_LOT, OLD_LOT]);
    expect(body.items[0]?.product).toEqual({
      id,
      name: "High Meadow THCA Flower – Velvet Cherry Sorbet, 3.5 g",
      sku: "HMP-HMH-VCS-35",
      available: true,
    });
    const none = await shop.getJson<CoaList>(`/api/coas?product=${await productId("CHG-VLT-WALL-20W")}`);
    expect(none.body).toEqual({ items: [], totalBatches: 0, totalPages: 0, currentPage: 1 });
  });

  it("finds a batch by its number exactly, whatever its case and spaces", async () => {
    for (const lot of [NEW_LOT, NEW_LOT.toLowerCase(), ` ${NEW_LOT.toLowerCase()} `]) {
      const { status, body } = await shop.getJson<CoaList>(`/api/coas?lot=${encodeURIComponent(lot)}`);
      expect(status, lot).toBe(200);
      expect(body.items.map((batch) => batch.lotNumber)).toEqual([NEW_LOT]);
    }
    const partial = await shop.getJson<CoaList>("/api/coas?lot=HMH-VCS");
    expect(partial.body.totalBatches).toBe(0);
  });

  it("matches a search that is a batch number exactly first, as /coas and the dashboard do", async () => {
    // A batch whose number is the start of another's: its words ("hmh", "vcs", "2609") find both.
    const db = shop.app.db.kysely;
    const source = await db
      .selectFrom("batches as b")
      .innerJoin("coas as c", "c.batch_id", "b.id")
      .selectAll("c")
      .select("b.product_id")
      .where("b.lot_number", "=", NEW_LOT)
      .executeTakeFirstOrThrow();
    const { product_id, ...coa } = source;
    const batchId = newId();
    await db
      .insertInto("batches")
      .values({
        id: batchId,
        product_id,
        variant_id: product_id,
        lot_number: "HMH-VCS-2609",
        created_at: coa.created_at,
        updated_at: coa.updated_at,
      })
      .execute();
    await db
      .insertInto("coas")
      .values({ ...coa, id: newId(), batch_id: batchId })
      .execute();
    try {
      const { body } = await shop.getJson<CoaList>("/api/coas?q=%20hmh-vcs-2609%20");
      expect(body.items.map((batch) => batch.lotNumber)).toEqual(["HMH-VCS-2609"]);
      const words = await shop.getJson<CoaList>("/api/coas?q=hmh%20vcs%202609");
      expect(words.body.items.map((batch) => batch.lotNumber).sort()).toEqual(["HMH-VCS-2609", NEW_LOT]);
      // A number that no batch carries is searched by its words.
      const none = await shop.getJson<CoaList>("/api/coas?q=VCS-2609");
      expect(none.body.items.map((batch) => batch.lotNumber).sort()).toEqual(["HMH-VCS-2609", NEW_LOT]);
    } finally {
      await db.deleteFrom("batches").where("id", "=", batchId).execute();
    }
  });

  it("searches words of the product name and the lot number", async () => {
    const byName = await shop.getJson<CoaList>("/api/coas?q=velvet%20cherry");
    expect(byName.body.items.map((batch) => batch.lotNumber)).toEqual([NEW_LOT, OLD_LOT]);
    const byLot = await shop.getJson<CoaList>("/api/coas?q=vcs-2609");
    expect(byLot.body.items.map((batch) => batch.lotNumber)).toEqual([NEW_LOT]);
    const mixed = await shop.getJson<CoaList>("/api/coas?q=KRATOM%20GFK");
    expect(mixed.body.items.map((batch) => batch.lotNumber).sort()).toEqual([
      "GFK-GML-2610A",
      "GFK-RMD-2609A",
      "GFK-WMD-2609A",
      "GFK-YVN-2508A",
    ]);
    for (const q of ["nothing-like-this", "--", "%", "_"]) {
      const { status, body } = await shop.getJson<CoaList>(`/api/coas?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.totalBatches, q).toBe(0);
    }
  });

  it("computes total THC as delta-9 + 0.877 × THCA and leaves untested results null", async () => {
    const { body } = await shop.getJson<CoaBatch>(`/api/coas/${NEW_LOT}`);
    expect(body.cannabinoids).toMatchObject({ delta9Thc: 210, thca: 24_500, totalThc: 21_697, delta8Thc: 0 });
    expect(body.cannabinoids.hhc).toBeNull();
    expect(body.alkaloids).toEqual({
      servingSize: null,
      mitragynine: null,
      sevenHydroxymitragynine: null,
      mitragyninePseudoindoxyl: null,
      sevenHydroxyShareOfAlkaloids: null,
    });
    const kratom = await shop.getJson<CoaBatch>("/api/coas/VRD-H15-2610A");
    expect(kratom.body.cannabinoids.totalThc).toBeNull();
    expect(kratom.body.alkaloids).toMatchObject({
      servingSize: "1 tablet",
      sevenHydroxymitragynine: 15_200,
      sevenHydroxyShareOfAlkaloids: 96_800,
    });
    expect(kratom.body.panels).toEqual({
      pesticides: "passed",
      heavyMetals: "passed",
      microbials: "passed",
      mycotoxins: "not_tested",
      residualSolvents: "passed",
    });
  });

  it.each([
    ["lot=not a lot!", "lot"],
    ["lot=A", "lot"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["page=abc", "page"],
    [`q=${"x".repeat(101)}`, "q"],
    ["sku=HMP-HMH-VCS-35", "sku"],
  ])("refuses %s with a message about '%s'", async (query, field) => {
    const { status, body } = await shop.getJson<ApiError>(`/api/coas?${query}`);
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty(field);
    expect(body.message).toMatch(/\w+ /);
  });
});

describe("GET /api/coas/{lot}", () => {
  it("answers a batch by its lot number in any case", async () => {
    const { status, body } = await shop.getJson<CoaBatch>(`/api/coas/${NEW_LOT.toLowerCase()}`);
    expect(status).toBe(200);
    expect(body.lotNumber).toBe(NEW_LOT);
    expect(body.lab).toEqual({
      name: "Meridian Analytical Laboratories",
      accreditation: "ISO/IEC 17025:2017",
      certificateNumber: "L23-417",
    });
  });

  it("flags a report older than a year", async () => {
    expect((await shop.getJson<CoaBatch>(`/api/coas/${OLD_LOT}`)).body.olderThanAYear).toBe(true);
    expect((await shop.getJson<CoaBatch>(`/api/coas/${NEW_LOT}`)).body.olderThanAYear).toBe(false);
    const list = await shop.getJson<CoaList>("/api/coas?limit=100");
    expect(list.body.items.filter((batch) => batch.olderThanAYear).map((batch) => batch.lotNumber)).toEqual([
      OLD_LOT,
      "GFK-YVN-2508A",
    ]);
  });

  it("decides 'older than a year' by the service's clock", async () => {
    const inAYear = new Date(Date.now() + 366 * 24 * 3_600_000);
    const service = createCoaService(createCoaRepository(shop.app.db.kysely), {
      pdfs: createPdfStore(documentsDir(shop.dataDir)),
      catalog: shop.app.services.catalog,
      audit: shop.app.services.audit,
      now: () => inAYear,
    });
    expect((await service.getBatch(NEW_LOT)).olderThanAYear).toBe(true);
  });

  it("answers 404 in words for an unknown lot", async () => {
    const { status, body } = await shop.getJson<ApiError>("/api/coas/nope-123");
    expect(status).toBe(404);
    expect(body.message).toBe(
      "No lab results are published for batch NOPE-123. Check the batch number printed on your package.",
    );
  });

  it("keeps a batch public when its product is no longer sold, marked unavailable", async () => {
    const id = await productId("KRT-GFK-YVN-500");
    const db = shop.app.db.kysely;
    await db.updateTable("products").set({ active: 0 }).where("id", "=", id).execute();
    try {
      const { body } = await shop.getJson<CoaBatch>("/api/coas/GFK-YVN-2508A");
      expect(body.product.available).toBe(false);
    } finally {
      await db.updateTable("products").set({ active: 1 }).where("id", "=", id).execute();
    }
  });

  it("does not publish a batch that has no COA yet", async () => {
    const db = shop.app.db.kysely;
    const stamp = new Date().toISOString();
    const id = newId();
    await db
      .insertInto("batches")
      .values({
        id,
        ...(await ownVariant("HMP-HMH-CBO-1500")),
        lot_number: "HMH-BHH-PENDING",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    try {
      expect((await shop.app.inject("/api/coas/HMH-BHH-PENDING")).statusCode).toBe(404);
      expect((await shop.getJson<CoaList>("/api/coas?q=pending")).body.totalBatches).toBe(0);
    } finally {
      await db.deleteFrom("batches").where("id", "=", id).execute();
    }
  });
});

describe("GET /api/coas/{lot}/pdf", () => {
  it("serves the report as an inline PDF, nosniff, cacheable, with an ETag", async () => {
    const batch = (await shop.getJson<CoaBatch>(`/api/coas/${NEW_LOT}`)).body;
    const response = await shop.app.inject(`/api/coas/${NEW_LOT.toLowerCase()}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-disposition"]).toBe(`inline; filename="COA-${NEW_LOT}.pdf"`);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(response.rawPayload.length).toBe(batch.pdf.bytes);
    const text = response.rawPayload.toString("latin1");
    expect(text).toContain(`(${NEW_LOT}) Tj`);
    expect(text).toContain("(21.697 %) Tj");

    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[a-f0-9]{64}"$/);
    const again = await shop.app.inject({ url: batch.pdf.url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("answers 404 in JSON for an unknown lot", async () => {
    const response = await shop.app.inject("/api/coas/NOPE-123/pdf");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect((response.json() as ApiError).message).toMatch(/NOPE-123/);
  });
});

describe("the schema", () => {
  const db = () => shop.app.db.kysely;

  async function insertCoa(overrides: Record<string, unknown>): Promise<void> {
    const stamp = new Date().toISOString();
    const batchId = newId();
    await db()
      .insertInto("batches")
      .values({
        id: batchId,
        ...(await ownVariant("HMP-HMH-CBO-1500")),
        lot_number: `T-${batchId.slice(-8).toUpperCase()}`,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    try {
      await db()
        .insertInto("coas")
        .values({
          id: newId(),
          batch_id: batchId,
          lab_name: "Lab",
          lab_accreditation: "ISO/IEC 17025:2017",
          lab_certificate_number: "1",
          sample_date: "2026-01-01",
          test_date: "2026-01-02",
          report_date: "2026-01-03",
          delta9_thc_mpct: null,
          thca_mpct: null,
          delta8_thc_mpct: null,
          delta10_thc_mpct: null,
          hhc_mpct: null,
          cbd_mpct: null,
          cbda_mpct: null,
          cbg_mpct: null,
          cbn_mpct: null,
          pesticides: "passed",
          heavy_metals: "passed",
          microbials: "passed",
          mycotoxins: "passed",
          residual_solvents: "passed",
          serving_size: null,
          mitragynine_ug: null,
          seven_oh_ug: null,
          pseudoindoxyl_ug: null,
          seven_oh_share_mpct: null,
          pdf_key: "a".repeat(64),
          pdf_bytes: 100,
          created_at: stamp,
          updated_at: stamp,
          ...overrides,
        })
        .execute();
    } finally {
      await db().deleteFrom("batches").where("id", "=", batchId).execute();
    }
  }

  it("accepts a well-formed COA", async () => {
    await expect(insertCoa({})).resolves.toBeUndefined();
  });

  it.each([
    ["a report dated before the test", { report_date: "2026-01-01" }],
    ["a date that is not YYYY-MM-DD", { sample_date: "1/1/2026" }],
    ["a percentage over 100", { thca_mpct: 100_001 }],
    ["a negative alkaloid", { seven_oh_ug: -1 }],
    ["an unknown panel result", { pesticides: "maybe" }],
    ["a PDF key that is not a SHA-256", { pdf_key: "abc" }],
  ])("refuses %s", async (_name, overrides) => {
    await expect(insertCoa(overrides)).rejects.toThrow();
  });

  it("keeps lot numbers upper-case and unique", async () => {
    const stamp = new Date().toISOString();
    const row = { ...(await ownVariant("HMP-HMH-CBO-1500")), created_at: stamp, updated_at: stamp };
    await expect(
      db()
        .insertInto("batches")
        .values({ ...row, id: newId(), lot_number: "lower-case" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db()
        .insertInto("batches")
        .values({ ...row, id: newId(), lot_number: NEW_LOT })
        .execute(),
    ).rejects.toThrow();
  });
});

describe("the PDF store", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-test-pdfs-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = createPdfStore(dir);

  it("keeps a PDF under the SHA-256 of its bytes and reads it back", async () => {
    const bytes = writePdf([{ rects: [], texts: [{ x: 40, y: 700, size: 12, text: "Report" }] }], {
      title: "Report",
      author: "Lab",
    });
    const stored = await store.store(bytes);
    expect(stored.key).toMatch(/^[a-f0-9]{64}$/);
    expect(stored.bytes).toBe(bytes.length);
    expect(await store.read(stored.key)).toEqual(bytes);
  });

  it("refuses what is not a PDF, a file that only starts like one, and one over the size limit", async () => {
    await expect(store.store(Buffer.from("<html><script>alert(1)</script></html>"))).rejects.toMatchObject({
      kind: "invalid",
      message: "The file is not a PDF.",
    });
    await expect(store.store(Buffer.from(" %PDF-1.4"))).rejects.toMatchObject({ kind: "invalid" });
    await expect(store.store(Buffer.from("%PDF-1.4\n%%EOF\n"))).rejects.toMatchObject({
      kind: "invalid",
      fields: { pdf: "This file is not a complete, readable PDF. Please upload the lab's report as it was sent." },
    });
    const huge = Buffer.alloc(PDF_MAX_BYTES + 1, 0x20);
    huge.write("%PDF-1.4", 0, "latin1");
    await expect(store.store(huge)).rejects.toMatchObject({ kind: "too_large" });
  });

  it("reads nothing outside its folder", async () => {
    expect(await store.read("../shop.db")).toBeNull();
    expect(await store.read("b".repeat(64))).toBeNull();
  });
});

describe("qrCode", () => {
  it("draws a QR code with its three finder patterns", () => {
    const { size, path: d } = qrCode("http://localhost:3000/coas/HMH-VCS-2609B");
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0);
    // Each finder pattern's top row is a run of seven dark modules.
    expect(d.startsWith("M0 0h7v1h-7z")).toBe(true);
    expect(d).toContain(`M${size - 7} 0h7v1h-7z`);
    expect(d).toContain(`M0 ${size - 7}h7v1h-7z`);
    expect(qrCode("http://localhost:3000/coas/OTHER").path).not.toBe(d);
  });
});
