import type { APIRequestContext, Page } from "@playwright/test";
import { logInAsAdmin } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

const start = ["/", "/products", "/about-us", "/contact-us", "/terms-and-conditions", "/blog", "/cart"];

/** The internal addresses the page links to, without their #fragments. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator("a[href^='/']")
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).getAttribute("href") ?? ""));
  return hrefs.map((href) => href.split("#")[0] ?? href);
}

/** The links that answer 400 or worse, with their status. */
async function brokenOf(request: APIRequestContext, links: Set<string>, headers: Record<string, string> = {}) {
  const broken: string[] = [];
  for (const href of links) {
    const response = await request.get(href, { headers });
    if (response.status() >= 400) broken.push(`${href} → ${response.status()}`);
  }
  return broken;
}

test("every internal link on the public pages leads to a page that exists", async ({ page, request }) => {
  const links = new Set<string>();
  for (const path of start) {
    await page.goto(path);
    for (const href of await linksOn(page)) links.add(href);
  }
  expect(links.size).toBeGreaterThan(30);
  expect(await brokenOf(request, links, { cookie: "ageVerified=true" })).toEqual([]);
});

test("every internal link of the dashboard's sidebar and home leads to a page that exists", async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const links = new Set(await linksOn(page));
  expect([...links].filter((href) => href.startsWith("/dashboard/")).length).toBeGreaterThan(20);
  expect(await brokenOf(page.request, links)).toEqual([]);
});
