import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, dayOf } from "@shop/shared/rules";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { reportPdf } from "./pdf.ts";

// What staff type (names, descriptions, banner titles, categories, lab details)
// is shown as text on every page, never run. The pages' CSP would block an inline script or
// handler even if it reached the page; this spec turns CSP off in its browser so that only React's
// escaping stands between a payload and a dialog, and looks for elements a payload would create.
//
// Other specs run beside this one against the same shop: the category, product and batch made
// here are named "Zz E2E …" / E2E-… and removed before the test ends; the one demo banner it
// changes (the last active one, which no other spec reads) gets its words back.
// The blog is not here: posts come only from the demo data (no admin or seed way to write one);
// its Markdown is sanitised on the server and tested there (modules/blog/markdown.test.ts).
test.use({ bypassCSP: true });

/** Payloads; each would open a dialog (or create an element checked below) if read as HTML or code. */
const XSS = {
  script: `<script>alert("xss script")</script>`,
  img: `<img src=x onerror=alert("xss img")>`,
  svg: `"><svg onload=alert("xss svg")>`,
  closeScript: `</script><script>alert("xss close")</script>`,
  template: `{{constructor.constructor('alert("xss template")')()}}`,
  javascriptUrl: `javascript:alert("xss url")`,
  link: `<a href="javascript:alert('xss link')">click me</a>`,
  iframe: `<iframe src="javascript:alert('xss iframe')"></iframe>`,
  details: `<details open ontoggle=alert("xss details")>`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is this very text
  templateLiteral: "${alert('xss literal')}",
  quotes: `'-alert("xss quote")-'`,
  entity: "&lt;script&gt;alert('xss entity')&lt;/script&gt;",
  comment: "<!--<script>alert('xss comment')</script>-->",
};
const everyPayload = Object.values(XSS).join("\n");

/** What a payload would leave in the page if it were parsed as HTML. */
const INJECTED =
  'img[src="x"], svg[onload], iframe, details[ontoggle], [onerror], [onload], [ontoggle], a[href^="javascript:" i]';

/** Dialogs opened so far (each is dismissed): there must never be one. */
const dialogs: string[] = [];

async function expectShownAsText(page: Page, texts: string[]): Promise<void> {
  const main = page.getByRole("main");
  await expect(main).toBeVisible();
  await page.waitForLoadState("load");
  expect(await page.locator(INJECTED).count(), `elements made from payloads at ${page.url()}`).toBe(0);
  expect(dialogs, `dialogs at ${page.url()}`).toEqual([]);
  for (const text of texts) await expect(main.getByText(text).first(), text).toBeVisible();
}

async function ok<T = { id: string }>(response: Awaited<ReturnType<APIRequestContext["post"]>>, what: string) {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test("script planted in names, descriptions, banners, categories and lab details is shown as text", async ({
  page,
  baseURL,
}) => {
  test.slow(); // a dozen pages, each checked by axe
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await logInAsAdmin(page, baseURL);
  const headers = { Origin: baseURL ?? "" };
  const api = page.request;
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  const categoryName = `Zz E2E ${id} ${XSS.svg}`;
  const productName = `Zz E2E ${id} ${XSS.closeScript} ${XSS.img}`;
  const lot = `E2E-XSS-${id}`.toUpperCase();
  const banners: { id: string; tittle: string; description: string; linkUrl: string | null; position: number }[] =
    await (await api.get("/api/banner")).json();
  const banner = banners.at(-1);
  if (!banner) throw new Error("the demo shop has no active banner");
  const bannerTitle = `${XSS.script} ${XSS.template}`.slice(0, 120);
  let categoryId = "";
  let productId = "";

  try {
    // Planted through the admin API, as the dashboard's forms send it.
    const category = await ok<{ id: string; slug: string }>(
      await api.post("/api/MasterCategory", {
        headers,
        multipart: { Name: categoryName, Description: everyPayload },
      }),
      "category",
    );
    categoryId = category.id;
    const product = await ok(
      await api.post("/api/Product", {
        headers,
        multipart: {
          ProductName: productName,
          ProductType: XSS.details,
          Description: everyPayload,
          MasterCategoryId: categoryId,
          Brand: XSS.script,
          Flavour: XSS.javascriptUrl,
          StrainName: XSS.quotes,
          Price: "12.99",
          Stock: "5",
          Active: "true",
        },
      }),
      "product",
    );
    productId = product.id;
    const day = (daysAgo: number) => addDays(dayOf(new Date()), -daysAgo);
    await ok(
      await api.post("/api/admin/coas", {
        headers,
        multipart: {
          productId,
          lotNumber: lot,
          labName: `${XSS.link} ${XSS.iframe}`,
          labAccreditation: XSS.templateLiteral,
          labCertificateNumber: XSS.entity,
          servingSize: XSS.comment,
          sampleDate: day(6),
          testDate: day(4),
          reportDate: day(1),
          pdf: { name: "report.pdf", mimeType: "application/pdf", buffer: reportPdf() },
        },
      }),
      "COA",
    );
    // A javascript: link is refused outright; a shop path with markup in it is kept as text.
    const refused = await api.put(`/api/banner/${banner.id}`, {
      headers,
      multipart: {
        tittle: bannerTitle,
        isActive: "true",
        position: String(banner.position),
        linkUrl: XSS.javascriptUrl,
      },
    });
    expect(refused.status()).toBe(400);
    await ok(
      await api.put(`/api/banner/${banner.id}`, {
        headers,
        multipart: {
          tittle: bannerTitle,
          description: `${XSS.img} ${XSS.closeScript}`,
          isActive: "true",
          position: String(banner.position),
          linkUrl: `/products?q=${encodeURIComponent(XSS.svg)}`,
        },
      }),
      "banner",
    );

    // The storefront: home with the banner, the lists, the product, the lab results.
    await page.goto("/");
    const offers = page.getByRole("region", { name: "Offers" });
    await offers
      .getByRole("button", { name: /^Show offer/ })
      .last()
      .click();
    await expectShownAsText(page, [bannerTitle, XSS.img, categoryName]);
    await expectNoViolations(page, "home");

    await page.goto("/products");
    await expectShownAsText(page, [productName]);

    await page.goto(`/products?category=${category.slug}`);
    await expectShownAsText(page, [categoryName, productName]);
    await expectNoViolations(page, "category page");

    await page.goto(`/products?q=${id}`);
    await expectShownAsText(page, [productName]);

    await page.goto(`/products/${productId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(productName);
    await expectShownAsText(page, [XSS.script, XSS.javascriptUrl, XSS.quotes, XSS.template, XSS.entity, XSS.link]);
    await expectNoViolations(page, "product page");

    await page.goto(`/coas?q=${lot}`);
    await expectShownAsText(page, [lot, XSS.link]);
    await expectNoViolations(page, "lab results");

    await page.goto(`/coas/${lot}`);
    await expectShownAsText(page, [XSS.iframe, XSS.templateLiteral, XSS.entity]);

    // The dashboard's lists.
    await page.goto(`/dashboard/products?q=${id}`);
    await expectShownAsText(page, [productName]);
    await page.goto("/dashboard/products/categories");
    await expectShownAsText(page, [categoryName]);
    await page.goto(`/dashboard/products/coas?q=${lot}`);
    await expectShownAsText(page, [lot, XSS.link]);
    await page.goto("/dashboard/banner-list");
    await expectShownAsText(page, [bannerTitle]);
    await expectNoViolations(page, "dashboard banner list");
  } finally {
    await api.put(`/api/banner/${banner.id}`, {
      headers,
      multipart: {
        tittle: banner.tittle,
        description: banner.description,
        isActive: "true",
        position: String(banner.position),
        linkUrl: banner.linkUrl ?? "",
      },
    });
    await api.delete(`/api/admin/coas/${lot}`, { headers });
    if (productId) await api.delete(`/api/Product/${productId}`, { headers });
    if (categoryId) await api.delete(`/api/MasterCategory/${categoryId}`, { headers });
  }
  expect(dialogs).toEqual([]);
});
