import { readdirSync } from "node:fs";
import type { ApiError, DashboardOverview, DocumentList, ShopDocument } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePdf } from "../../lib/simple-pdf.ts";
import { type FormValue, formFields, multipart, type Sessions } from "../../test/forms.ts";
import { productIdBySku } from "../../test/products.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";
import { privateDocumentsDir } from "./file-store.ts";

let shop: TestApp;
let cookies: Sessions;
let productId: string;
let png: Buffer;
beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions());
  productId = await productIdBySku(shop.app, "HMP-CPL-CBG-MNG-30");
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#336699" } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: "secret camera owner" } } })
    .toBuffer();
});
afterAll(() => shop.close());

const today = () => dayOf(new Date());
const pdf = writePdf([{ rects: [], texts: [{ x: 40, y: 700, size: 12, text: "State license 12345" }] }], {
  title: "License",
  author: "State",
});

function form(overrides: Record<string, FormValue | undefined> = {}): Record<string, FormValue> {
  return formFields(
    {
      type: "license",
      title: "Retail tobacco license",
      issuedOn: addDays(today(), -300),
      expiresOn: addDays(today(), 65),
      notes: "Renew at the county office.",
      file: { file: pdf, filename: "license.pdf", type: "application/pdf" },
    },
    overrides,
  );
}

async function upload(fields: Record<string, FormValue>, cookie: string | null = cookies.manager) {
  return shop.app.inject({ method: "POST", url: "/api/admin/documents", ...multipart(fields, cookie) });
}

async function uploaded(fields: Record<string, FormValue>): Promise<ShopDocument> {
  const response = await upload(fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ShopDocument;
}

const get = (url: string, cookie: string | null = cookies.manager) =>
  shop.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const list = async (query: string) => {
  const response = await get(`/api/admin/documents${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DocumentList;
};
const remove = (id: string) =>
  shop.app.inject({ method: "DELETE", url: `/api/admin/documents/${id}`, headers: { cookie: cookies.manager } });

/** What is stored: the rows and the files. */
async function stored() {
  let files: string[] = [];
  try {
    files = readdirSync(privateDocumentsDir(shop.dataDir));
  } catch {}
  return { rows: await shop.rowCount("documents"), files: files.length };
}

describe("POST /api/admin/documents", () => {
  it("keeps a staff member's PDF with its details, and serves it to staff only, as a download", async () => {
    const document = await uploaded(form({ productId, lotNumber: "hmp-test-1" }));
    try {
      expect(document).toMatchObject({
        type: "license",
        title: "Retail tobacco license",
        product: { id: productId },
        lotNumber: "HMP-TEST-1",
        label: expect.stringMatching(/ · Lot HMP-TEST-1$/),
        expiresOn: addDays(today(), 65),
        expiresSoon: false,
        expired: false,
        notes: "Renew at the county office.",
        file: { url: `/api/admin/documents/${document.id}/file`, contentType: "application/pdf", bytes: pdf.length },
        uploadedBy: "Admin User",
        editable: true,
      });
      const file = await get(document.file.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["content-disposition"]).toBe(
        `attachment; filename="Retail tobacco license.pdf"; filename*=UTF-8''Retail%20tobacco%20license.pdf`,
      );
      expect(file.headers["cache-control"]).toBe("private, no-store");
      expect(file.rawPayload.equals(pdf)).toBe(true);
      expect((await get(document.file.url, null)).statusCode).toBe(401);
      expect((await get(document.file.url, cookies.customer)).statusCode).toBe(403);
      expect((await get(`/api/admin/documents/${document.id}`, cookies.customer)).statusCode).toBe(403);
      expect((await get(`/api/admin/documents/${document.id}`)).json()).toEqual(document);
    } finally {
      await remove(document.id);
    }
  });

  it("keeps a picture re-encoded in its own format, its metadata stripped", async () => {
    const document = await uploaded(
      form({
        type: "insurance",
        title: "Liability — 2026",
        file: { file: png, filename: "scan.png", type: "image/png" },
      }),
    );
    try {
      expect(document.file.contentType).toBe("image/png");
      const file = await get(document.file.url);
      expect(file.headers["content-type"]).toBe("image/png");
      expect(file.headers["content-disposition"]).toContain(`filename="Liability - 2026.png"`);
      expect(file.headers["content-disposition"]).toContain("filename*=UTF-8''Liability%20%E2%80%94%202026.png");
      const metadata = await sharp(file.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: "png", width: 60, height: 40 });
      expect(metadata.exif).toBeUndefined();
      expect(file.rawPayload.toString("latin1")).not.toContain("secret camera owner");
    } finally {
      await remove(document.id);
    }
  });

  it("is closed to visitors and customers, and they change nothing", async () => {
    const before = await stored();
    expect((await upload(form(), null)).statusCode).toBe(401);
    expect((await upload(form(), cookies.customer)).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it.each([
    [
      "an HTML page named .pdf and sent as a PDF",
      {
        file: {
          file: Buffer.from("<html><script>alert(1)</script></html>"),
          filename: "x.pdf",
          type: "application/pdf",
        },
      },
      400,
      "This file is not a PDF, JPEG, PNG or WebP file.",
    ],
    [
      "a PDF header over other bytes",
      {
        file: { file: Buffer.from("%PDF-1.7\n<script>alert(1)</script>"), filename: "x.pdf", type: "application/pdf" },
      },
      400,
      "This file is not a complete, readable PDF.",
    ],
    [
      "an SVG named .png",
      {
        file: { file: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), filename: "x.png", type: "image/png" },
      },
      400,
      "This file is not a PDF, JPEG, PNG or WebP file.",
    ],
    ["an empty file", { file: { file: Buffer.alloc(0), filename: "x.pdf" } }, 400, "The file is empty."],
    ["no file", { file: undefined }, 400, "file"],
    ["no title", { title: "  " }, 400, "Enter the document's title."],
    ["an unknown type", { type: "passport" }, 400, "Choose what kind of document this is."],
    ["an expiry before the issue", { expiresOn: addDays(today(), -400) }, 400, "The expiry date cannot be before"],
    ["an issue date in the future", { issuedOn: addDays(today(), 1) }, 400, "The issue date cannot be in the future."],
    ["a date that does not exist", { issuedOn: "2026-02-30" }, 400, "Enter a real date"],
    ["an unknown product", { productId: "no-such-product" }, 400, "There is no such product."],
    ["a lot number with spaces", { lotNumber: "LOT 1" }, 400, "A batch number has 2 to 40"],
    ["an unknown field", { price: "1" }, 400, "price"],
  ])("refuses %s with its reason beside the field, and writes nothing", async (_name, overrides, status, words) => {
    const before = await stored();
    const response = await upload(form(overrides as Record<string, FormValue | undefined>));
    expect(response.statusCode).toBe(status);
    const body = response.json() as ApiError;
    expect(
      `${body.message} ${Object.entries(body.fields ?? {})
        .flat()
        .join(" ")}`,
    ).toContain(words);
    expect(await stored()).toEqual(before);
  });

  it("refuses a file over 10 MB while it streams in, and writes nothing", async () => {
    const before = await stored();
    const large = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(form({ file: { file: large, filename: "big.pdf", type: "application/pdf" } }));
    expect(response.statusCode).toBe(413);
    expect((response.json() as ApiError).message).toMatch(/too large/i);
    expect(await stored()).toEqual(before);
  });
});

describe("GET /api/admin/documents", () => {
  it("lists the batches' COAs from the coas service with the stored documents, newest first", async () => {
    const coas = await shop.app.services.coas.listBatches({ page: 1, limit: 100 });
    expect(coas.totalBatches).toBeGreaterThan(0);
    const document = await uploaded(
      form({ title: "Lab report of the summer batch", type: "lab_report", issuedOn: today(), expiresOn: undefined }),
    );
    try {
      const all = await list("?limit=100");
      expect(all.total).toBe(coas.totalBatches + 1);
      expect(all.items[0]?.id).toBe(document.id);
      const dates = all.items.map((item) => item.issuedOn);
      expect(dates).toEqual([...dates].sort().reverse());
      const onlyCoas = await list("?type=coa&limit=100");
      expect(onlyCoas.total).toBe(coas.totalBatches);
      const first = coas.items[0];
      expect(onlyCoas.items[0]).toMatchObject({
        id: `coa:${first?.lotNumber}`,
        type: "coa",
        lotNumber: first?.lotNumber,
        label: `${first?.product.name} · Lot ${first?.lotNumber}`,
        product: { id: first?.product.id, name: first?.product.name },
        issuedOn: first?.reportDate,
        expiresOn: null,
        file: { url: first?.pdf.url, contentType: "application/pdf" },
        editable: false,
      });
      // Page 2 of 3 a page follows page 1 without a gap or a repeat.
      const paged = [...(await list("?limit=3")).items, ...(await list("?limit=3&page=2")).items];
      expect(paged.map((item) => item.id)).toEqual(all.items.slice(0, 6).map((item) => item.id));
      expect((await list("?type=lab_report")).items.map((item) => item.id)).toEqual([document.id]);
      expect((await list("?q=summer")).items.map((item) => item.id)).toEqual([document.id]);
      expect((await list(`?q=${encodeURIComponent(first?.lotNumber ?? "")}&type=coa`)).items[0]?.lotNumber).toBe(
        first?.lotNumber,
      );
      expect((await list("?q=--")).total).toBe(0);
      expect((await get("/api/admin/documents?type=passport")).statusCode).toBe(400);
    } finally {
      await remove(document.id);
    }
  });

  it("finds a document by its product's name", async () => {
    const product = await shop.app.services.catalog.productLabels([productId]);
    const word = (product.get(productId)?.name ?? "").split(/\s+/)[0]?.toLowerCase() ?? "";
    const document = await uploaded(form({ type: "certificate", title: "Organic certificate", productId }));
    try {
      const found = await list(`?type=certificate&q=${encodeURIComponent(word)}`);
      expect(found.items.map((item) => item.id)).toEqual([document.id]);
      expect(found.items[0]?.product?.id).toBe(productId);
    } finally {
      await remove(document.id);
    }
  });

  it("flags what expires within 30 days (the 30th day included) or has expired, and the dashboard counts the licenses", async () => {
    const made: ShopDocument[] = [];
    try {
      for (const [title, days, type] of [
        ["in 31 days", 31, "license"],
        ["in 30 days", 30, "license"],
        ["today", 0, "license"],
        ["yesterday", -1, "license"],
        ["insurance in 10 days", 10, "insurance"],
      ] as const) {
        made.push(await uploaded(form({ title, type, expiresOn: addDays(today(), days) })));
      }
      const flags = Object.fromEntries(made.map((d) => [d.title, [d.expiresSoon, d.expired]]));
      expect(flags).toEqual({
        "in 31 days": [false, false],
        "in 30 days": [true, false],
        today: [true, false],
        yesterday: [false, true],
        "insurance in 10 days": [true, false],
      });
      const expiring = await list("?expiring=true");
      expect(expiring.items.map((item) => item.title).sort()).toEqual(
        ["in 30 days", "today", "yesterday", "insurance in 10 days"].sort(),
      );
      expect((await list("?expiring=true&type=license")).total).toBe(3);
      expect((await list("?expiring=true&type=coa")).total).toBe(0);
      const overview = (await get("/api/admin/overview")).json() as DashboardOverview;
      expect(overview.licenses).toEqual({ expiringSoon: 2, expired: 1 });
    } finally {
      for (const document of made) await remove(document.id);
    }
  });
});

describe("changing and deleting", () => {
  it("changes a document's details, and its file stays", async () => {
    const document = await uploaded(form());
    try {
      const put = (body: unknown, cookie = cookies.manager) =>
        shop.app.inject({
          method: "PUT",
          url: `/api/admin/documents/${document.id}`,
          payload: body as object,
          headers: { cookie },
        });
      const fields = {
        type: "license",
        title: "Retail tobacco license (renewed)",
        productId: null,
        lotNumber: "",
        issuedOn: today(),
        expiresOn: addDays(today(), 365),
        notes: "",
      };
      expect((await put(fields, cookies.customer)).statusCode).toBe(403);
      const refused = await put({ ...fields, expiresOn: addDays(today(), -1) });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as ApiError).fields?.expiresOn).toBe("The expiry date cannot be before the issue date.");
      const changed = await put(fields);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        title: "Retail tobacco license (renewed)",
        expiresOn: addDays(today(), 365),
        notes: null,
        lotNumber: null,
        file: { bytes: pdf.length },
      });
      expect((await get(document.file.url)).rawPayload.equals(pdf)).toBe(true);
      const coa = (await list("?type=coa&limit=1")).items[0] as ShopDocument;
      const coaPut = await shop.app.inject({
        method: "PUT",
        url: `/api/admin/documents/${encodeURIComponent(coa.id)}`,
        payload: fields,
        headers: { cookie: cookies.manager },
      });
      expect(coaPut.statusCode).toBe(409);
    } finally {
      await remove(document.id);
    }
  });

  it("deletes a stored document and its file; a COA is withdrawn under Lab Results only", async () => {
    const before = await stored();
    const document = await uploaded(form());
    expect(await stored()).toEqual({ rows: before.rows + 1, files: before.files + 1 });
    expect(
      (
        await shop.app.inject({
          method: "DELETE",
          url: `/api/admin/documents/${document.id}`,
          headers: { cookie: cookies.customer },
        })
      ).statusCode,
    ).toBe(403);
    expect((await remove(document.id)).statusCode).toBe(204);
    expect(await stored()).toEqual(before);
    expect((await get(`/api/admin/documents/${document.id}`)).statusCode).toBe(404);
    expect((await get(document.file.url)).statusCode).toBe(404);
    expect((await remove(document.id)).statusCode).toBe(404);
    const coa = (await list("?type=coa&limit=1")).items[0] as ShopDocument;
    const refused = await remove(encodeURIComponent(coa.id));
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as ApiError).message).toContain("Lab Results");
    expect((await get(`/api/coas/${coa.lotNumber}`)).statusCode).toBe(200);
    expect((await get(`/api/admin/documents/${encodeURIComponent(coa.id)}/file`)).statusCode).toBe(404);
  });

  it("declares every documents route for Managers and Owners in the route access table", () => {
    const routes = shop.app.routeAccess.filter((route) => route.url.startsWith("/api/admin/documents"));
    expect(routes.map((route) => `${route.method} ${route.url} ${route.access}`).sort()).toEqual([
      "DELETE /api/admin/documents/:id manager",
      "GET /api/admin/documents manager",
      "GET /api/admin/documents/:id manager",
      "GET /api/admin/documents/:id/file manager",
      "POST /api/admin/documents manager",
      "PUT /api/admin/documents/:id manager",
    ]);
  });
});
