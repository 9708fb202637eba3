import type { OrderQuote } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN_ENV } from "../../test/forms.ts";
import { productOfClass } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// The cart and the checkout: the quote says what the jurisdiction rules decide of
// each line where it goes, decided on the server, so the browser shows verdicts and never
// evaluates rules (docs/decisions/050). The demo shop's starter rules (example data) ban kratom
// in Alabama and in part of San Diego by ZIP code, and ask 21 and an adult signature for vapes.

let shop: TestApp;
let kratom = "";
let vape = "";

const quote = (payload: object) => shop.app.inject({ method: "POST", url: "/api/cart/quote", payload });

async function quoted(payload: object): Promise<OrderQuote> {
  const response = await quote(payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderQuote;
}

const ALABAMA_KRATOM = { allowed: false, reason: "Kratom is not sold to Alabama.", minAge: null };

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  kratom = await productOfClass(shop.app, "KRATOM");
  vape = await productOfClass(shop.app, "ENDS");
});
afterAll(() => shop.close());

describe("the quote says what the rules decide of each line", () => {
  it("marks kratom to Alabama refused, with the reason and the rule's source, and a vape beside it allowed at 21", async () => {
    const answer = await quoted({
      lines: [
        { productId: vape, quantity: 1 },
        { productId: kratom, quantity: 2 },
      ],
      state: "AL",
    });
    expect(answer.lines).toHaveLength(2);
    expect(answer.compliance).toEqual({
      lines: [
        { allowed: true, reason: null, sourceUrl: null, minAge: 21 },
        { ...ALABAMA_KRATOM, sourceUrl: "https://www.alabamapublichealth.gov/" },
      ],
      minAge: 21,
      requirements: ["adult_signature_21", "no_po_box", "no_military_address", "no_usps"],
    });
    // Still priced: the buyer sees what the rest costs while removing the refused line.
    expect(answer.subtotalCents).toBe(answer.lines.reduce((sum, line) => sum + line.lineTotalCents, 0));
    expect(answer.lines.every((line) => line.lineTotalCents > 0)).toBe(true);
  });

  it("allows the same kratom to Texas", async () => {
    const answer = await quoted({ lines: [{ productId: kratom, quantity: 1 }], state: "TX" });
    expect(answer.compliance).toEqual({
      lines: [{ allowed: true, reason: null, sourceUrl: null, minAge: null }],
      minAge: null,
      requirements: [],
    });
  });

  it("decides nothing without a state: the verdict waits for the address", async () => {
    const answer = await quoted({ lines: [{ productId: kratom, quantity: 1 }] });
    expect(answer.compliance).toBeNull();
  });

  it("follows a ZIP-code ban when the ZIP is given: a listed San Diego ZIP code, not another or none", async () => {
    const lines = [{ productId: kratom, quantity: 1 }];
    const sanDiego = await quoted({ lines, state: "CA", city: "San Diego", zip: "92101-0001" });
    expect(sanDiego.compliance?.lines[0]).toMatchObject({
      allowed: false,
      reason: "Kratom is not sold to ZIP codes of City of San Diego (part), CA.",
    });
    const losAngeles = await quoted({ lines, state: "CA", city: "Los Angeles", zip: "90012" });
    expect(losAngeles.compliance?.lines[0]?.allowed).toBe(true);
    const noZip = await quoted({ lines, state: "CA" });
    expect(noZip.compliance?.lines[0]?.allowed).toBe(true);
  });

  it("decides a pickup by the store's state, whatever state is sent", async () => {
    await shop.app.services.settings.update({
      storeAddress: {
        fullName: "Smoke & Leaf",
        line1: "1 Main Street",
        line2: null,
        city: "Birmingham",
        state: "AL",
        zip: "35203",
        phone: null,
        hours: null,
      },
    });
    try {
      await shop.app.db.kysely
        .updateTable("products")
        .set({ in_store_stock_available: 1 })
        .where("id", "=", kratom)
        .execute();
      const answer = await quoted({ lines: [{ productId: kratom, quantity: 1 }], fulfilment: "pickup", state: "TX" });
      expect(answer.compliance?.lines[0]).toMatchObject(ALABAMA_KRATOM);
    } finally {
      await shop.app.services.settings.update({ storeAddress: null });
    }
  });

  it("refuses a ZIP code or a city that is not one, and an unknown field, in words", async () => {
    const lines = [{ productId: kratom, quantity: 1 }];
    const badZip = await quote({ lines, state: "CA", zip: "921" });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().fields).toEqual({ zip: "must be a 5-digit ZIP code (or ZIP+4)" });
    const longCity = await quote({ lines, state: "CA", city: "x".repeat(81) });
    expect(longCity.statusCode).toBe(400);
    expect(longCity.json().fields).toEqual({ city: "must be at most 80 characters" });
    const unknown = await quote({ lines, state: "CA", county: "San Diego County" });
    expect(unknown.statusCode).toBe(400);
  });
});
