import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { BlogPost, BlogPostList } from "@shop/shared";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const sections = [
  { slug: "latest", label: "Latest" },
  { slug: "reviews", label: "Reviews" },
  { slug: "guides", label: "Guides" },
];

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;");

test("the first HTML of /blog already holds the post cards", async ({ request }) => {
  // Again while the two disagree, as in checkAgainstApi below.
  await expect(async () => {
    const api = (await (await request.get("/api/blog")).json()) as BlogPostList;
    expect(api.items.length).toBeGreaterThanOrEqual(7);
    const response = await request.get("/blog");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const post of api.items) expect(html).toContain(escapeHtml(post.title));
  }).toPass({ timeout: 30_000 });
});

/**
 * Reads the API, opens the page and checks it against what the API said, again from the start
 * while the two disagree: blog-admin.spec, beside this one, publishes a post for a few steps, and
 * a page opened just after the API was read may hold it.
 */
async function checkAgainstApi(
  page: Page,
  request: APIRequestContext,
  path: string,
  apiPath: string,
  check: (api: BlogPostList, cards: Locator) => Promise<void>,
) {
  await expect(async () => {
    const api = (await (await request.get(apiPath)).json()) as BlogPostList;
    await page.goto(path);
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(api.items.length, { timeout: 2_000 });
    await check(api, cards);
  }).toPass({ timeout: 30_000 });
}

test("the blog index lists every post, newest first @phone", async ({ page, request }) => {
  await checkAgainstApi(page, request, "/blog", "/api/blog", async (api, cards) => {
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(cards.first().getByRole("heading")).toHaveText(api.items[0]?.title ?? "");
    await expect(page.getByText(`${api.totalPosts} posts`)).toBeVisible();
  });
  await expectNoViolations(page);
});

for (const section of sections) {
  test(`/blog/${section.slug} shows only ${section.label}`, async ({ page, request }) => {
    await checkAgainstApi(
      page,
      request,
      `/blog/${section.slug}`,
      `/api/blog?section=${section.slug}`,
      async (api, cards) => {
        expect(api.items.length).toBeGreaterThanOrEqual(2);
        await expect(page.getByRole("heading", { level: 1, name: section.label })).toBeVisible();
        for (const [index, post] of api.items.entries()) {
          await expect(cards.nth(index).getByRole("heading")).toHaveText(post.title);
          await expect(cards.nth(index).getByText(section.label, { exact: true })).toBeVisible();
        }
      },
    );
    const current = page.getByRole("navigation", { name: "Blog sections" }).getByRole("link", { name: section.label });
    await expect(current).toHaveAttribute("aria-current", "page");
  });
}

test("the section chips switch sections without a full reload", async ({ page, request }) => {
  const reviews = (await (await request.get("/api/blog?section=reviews")).json()) as BlogPostList;
  await page.goto("/blog");
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = "still here";
  });
  await page.getByRole("navigation", { name: "Blog sections" }).getByRole("link", { name: "Reviews" }).click();
  await expect(page).toHaveURL(/\/blog\/reviews$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(reviews.items.length);
  await page.getByRole("navigation", { name: "Blog sections" }).getByRole("link", { name: "All" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
});

test("a post opens from its card without a full reload @phone", async ({ page, request }) => {
  const guides = (await (await request.get("/api/blog?section=guides")).json()) as BlogPostList;
  const summary = guides.items[0];
  expect(summary).toBeDefined();
  const post = (await (await request.get(`/api/blog/${summary?.slug}`)).json()) as BlogPost;

  await page.goto("/blog/guides");
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = "still here";
  });
  await page.getByRole("article").first().getByRole("link").click();

  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
  await expect(page).toHaveTitle(new RegExp(`^${post.title.replace(/[()]/g, "\\$&")} \\|`));

  // The body is the server's HTML: headings, lists and links, and nothing that runs.
  const body = page.getByRole("article");
  const firstHeading = /<h2>(.*?)<\/h2>/.exec(post.bodyHtml)?.[1] ?? "";
  await expect(body.getByRole("heading", { level: 2, name: firstHeading })).toBeVisible();
  await expect(body.locator("ul li").first()).toBeVisible();
  expect(await body.locator("script, [style], [onerror], [onclick]").count()).toBe(0);
  await expect(page.getByRole("heading", { level: 2, name: "More in Guides" })).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Guides" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Guides" })).toBeVisible();
});

test("an unknown post gives a 404 page with the server's message", async ({ page, consoleErrors }) => {
  const response = await page.goto("/blog/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("post no-such-post not found.")).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  // The browser logs the 404 document itself; that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("404")]);
  consoleErrors.length = 0;
});

test("a page past the end says so and links back to the first page", async ({ page }) => {
  await page.goto("/blog/guides?page=9&utm_source=newsletter");
  await expect(page.getByRole("heading", { name: "No posts on this page" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the first page" }).click();
  await expect(page).toHaveURL(/\/blog\/guides$/);
  await expect(page.getByRole("article").first()).toBeVisible();
});
