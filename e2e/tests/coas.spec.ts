import type { CoaBatch, CoaList, ProductList } from "@shop/shared";
import { expect, test } from "./fixtures.ts";

/** The demo flower with two batches: a current one and one reported over a year ago. */
const CURRENT_LOT = "HMH-VCS-2609B";
const OLD_LOT = "HMH-VCS-2510A";

test("the Shop menu leads to the lab results", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/products");
  await page.getByRole("button", { name: "Shop" }).hover();
  await page.getByRole("banner").getByRole("link", { name: "COA's" }).click();
  await expect(page).toHaveURL(/\/coas$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lab results (COAs)" })).toBeVisible();
});

test("the phone menu's Online Shop group leads to the lab results @phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("button", { name: "Online Shop" }).click();
  await menu.getByRole("link", { name: "COA's" }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/coas$/);
});

test("a buyer finds a batch by the number on the package, in any case, and opens its page @phone", async ({
  page,
  request,
}) => {
  const all = (await (await request.get("/api/coas")).json()) as CoaList;
  expect(all.totalBatches).toBeGreaterThanOrEqual(27);
  await page.goto("/coas");
  // admin-coas.spec.ts may be adding a batch meanwhile: the count is checked, not its exact value.
  await expect(page.getByText(/^\d+ batches$/)).toBeVisible();

  await page.getByRole("searchbox", { name: "Batch number or product" }).fill(CURRENT_LOT.toLowerCase());
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/coas\\?q=${CURRENT_LOT.toLowerCase()}$`));
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(CURRENT_LOT);
  await expect(cards.first()).toContainText("High Meadow THCA Flower – Velvet Cherry Sorbet, 3.5 g");
  await expect(cards.first()).toContainText("Total THC");
  await expect(cards.first()).toContainText("21.697 %");
  await expect(cards.first().getByText("Older than a year")).toHaveCount(0);

  await cards
    .first()
    .getByRole("link", { name: `View results of batch ${CURRENT_LOT}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/coas/${CURRENT_LOT}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Batch ${CURRENT_LOT}`);
  await expect(page.getByRole("note")).toHaveCount(0);
  const lab = page.getByRole("region", { name: "Batch and laboratory" });
  await expect(lab).toContainText("ISO/IEC 17025:2017");
  await expect(lab).toContainText("Meridian Analytical Laboratories");
  await expect(page.getByRole("region", { name: "Cannabinoids" })).toContainText("21.697 %");
  await expect(page.getByRole("region", { name: "Safety panels" })).toContainText("Not tested");
  await expect(page).toHaveTitle(`Lab results: batch ${CURRENT_LOT} | Leaf & Cloud`);
});

test("searching by product words lists that product's batches, newest first", async ({ page }) => {
  await page.goto("/coas?q=velvet%20cherry");
  const lots = page.getByRole("article").locator(".font-mono");
  await expect(lots).toHaveText([CURRENT_LOT, OLD_LOT]);
});

test("a search with no match says so and offers every batch", async ({ page }) => {
  await page.goto("/coas?q=no-such-batch-zz");
  await expect(page.getByRole("heading", { name: "No lab results found" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Show every batch" }).first().click();
  await expect(page).toHaveURL(/\/coas$/);
});

test("a report older than a year carries the warning on the list and its page", async ({ page }) => {
  await page.goto(`/coas?q=${OLD_LOT}`);
  const card = page.getByRole("article");
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Older than a year")).toBeVisible();
  await card.getByRole("link", { name: "High Meadow THCA Flower – Velvet Cherry Sorbet, 3.5 g" }).click();
  await expect(page).toHaveURL(new RegExp(`/coas/${OLD_LOT}$`));
  await expect(page.getByRole("note")).toContainText("This report is more than a year old.");
  // The other batch of the same product is one click away.
  await page.getByRole("link", { name: new RegExp(CURRENT_LOT) }).click();
  await expect(page).toHaveURL(new RegExp(`/coas/${CURRENT_LOT}$`));
});

test("an unknown batch number gets a not-found page that helps", async ({ page, consoleErrors }) => {
  const response = await page.goto("/coas/NOPE-404");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We could not find that batch" })).toBeVisible();
  await expect(page.getByText("No lab results are published for batch NOPE-404.")).toBeVisible();
  await page.getByRole("link", { name: "Search lab results" }).click();
  await expect(page).toHaveURL(/\/coas\?q=NOPE-404$/);
  // The browser logs the document's 404.
  consoleErrors.length = 0;
});

test("the product page links its lab results and shows a QR code of the latest batch @phone", async ({
  page,
  request,
  baseURL,
}) => {
  const batches = (await (await request.get(`/api/coas?lot=${CURRENT_LOT}`)).json()) as CoaList;
  const productId = batches.items[0]?.product.id;
  await page.goto(`/products/${productId}`);
  const section = page.getByRole("region", { name: "Certificate of analysis" });
  await expect(section).toContainText(CURRENT_LOT);
  await expect(
    section.getByRole("img", { name: `QR code of the lab results page of batch ${CURRENT_LOT}` }),
  ).toBeVisible();
  await expect(section.getByRole("link", { name: "All 2 batches" })).toHaveAttribute(
    "href",
    `/coas?product=${productId}`,
  );
  await section.getByRole("link", { name: "Lab results", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/coas/${CURRENT_LOT}`);
});

test("a product with no lab results shows no empty lab box, no lab claim and no vape details @phone", async ({
  page,
  request,
}) => {
  const chargers = (await (await request.get("/api/Product?category=charger&limit=100")).json()) as ProductList;
  const powerBank = chargers.items.find((item) => item.name.includes("Power Bank"));
  await page.goto(`/products/${powerBank?.id}`);
  await expect(page.getByRole("region", { name: "Battery and charging" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Vape details" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Certificate of analysis" })).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText(/lab tested|lab results/i);
});

test("the PDF link answers a PDF shown inline", async ({ page, request }) => {
  const batch = (await (await request.get(`/api/coas/${CURRENT_LOT}`)).json()) as CoaBatch;
  await page.goto(`/coas/${CURRENT_LOT}`);
  const link = page.getByRole("link", { name: /View PDF/ });
  await expect(link).toHaveAttribute("href", batch.pdf.url);
  const response = await request.get(batch.pdf.url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-disposition"]).toMatch(/^inline; filename="COA-HMH-VCS-2609B\.pdf"$/);
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(body.length).toBe(batch.pdf.bytes);
});

test("sitemap.xml lists the lab results and every batch page", async ({ request, baseURL }) => {
  const all = (await (await request.get("/api/coas?limit=100")).json()) as CoaList;
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toContain(`<loc>${baseURL}/coas</loc>`);
  // Batches admin-coas.spec.ts adds and withdraws (E2E-…) may come and go meanwhile.
  for (const batch of all.items.filter((item) => !item.lotNumber.startsWith("E2E-"))) {
    expect(xml).toContain(`<loc>${baseURL}/coas/${batch.lotNumber}</loc>`);
  }
});
