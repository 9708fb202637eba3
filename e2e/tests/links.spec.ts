import { logInAsAdmin } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

const start = ["/", "/products", "/about-us", "/contact-us", "/terms-and-conditions", "/blog", "/cart"];

test("every internal link on the public pages leads to a page that exists", async ({ page, request }) => {
  const links = new Set<string>();
  for (const path of start) {
    await page.goto(path);
    const hrefs = await page
      .locator("a[href^='/']")
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).getAttribute("href") ?? ""));
    for (const href of hrefs) links.add(href.split("#")[0] ?? href);
  }
  expect(links.size).toBeGreaterThan(30);
  const broken: string[] = [];
  for (const href of links) {
    const response = await request.get(href, { headers: { cookie: "ageVerified=true" } });
    if (response.status() >= 400) broken.push(`${href} → ${response.status()}`);
  }
  expect(broken).toEqual([]);
});

test("every internal link of the dashboard's sidebar and home leads to a page that exists", async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const hrefs = await page
    .locator("a[href^='/']")
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).getAttribute("href") ?? ""));
  const links = new Set(hrefs.map((href) => href.split("#")[0] ?? href));
  expect([...links].filter((href) => href.startsWith("/dashboard/")).length).toBeGreaterThan(20);
  const broken: string[] = [];
  for (const href of links) {
    const response = await page.request.get(href);
    if (response.status() >= 400) broken.push(`${href} → ${response.status()}`);
  }
  expect(broken).toEqual([]);
});
