import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, toastAtRest } from "./pages.ts";
import { PICTURE } from "./pictures.ts";

// The blog admin (decision 058): staff write a post with a cover, a picture in
// the text, a table and a quote, watch the server-rendered preview, save it as a draft (which the
// shop does not show), publish it (which the shop shows), and delete it. blog.spec reads the
// newest posts beside this spec: the post is published with an old date (so it is never the
// newest) and only for the few steps that look at it.
// Screens are looked at 390x844 and 1440x900.

const png = (name: string) => ({ name, mimeType: "image/png", buffer: PICTURE });

test("staff write a post with a cover, a picture, a table and a quote, preview, publish and delete it", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow(); // two uploads, a preview, four axe scans
  const phone = testInfo.project.name === "phone";
  await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
  const shot = fullPageShots(page, testInfo);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const title = `Storing kratom ${tag}`;
  const slug = `storing-kratom-${tag}`;

  // The sidebar's Blog group leads to the list; New post to the form.
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  if (phone) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Blog posts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog posts" })).toBeVisible();
  await page.getByRole("link", { name: "New post" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();

  // Nothing filled in: the title says what it needs.
  await page.getByRole("button", { name: "Create post" }).click();
  await expect(page.getByText("Please enter a title.")).toBeVisible();

  // The slug follows the title; the body takes a quote, a table and a picture.
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  // Leaving with changes asks first (decision 052); Stay keeps them.
  await page.goBack();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toContainText("the new post");
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(/\/dashboard\/blog\/new$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByLabel("Section").selectOption("guides");
  await page.getByLabel("Excerpt").fill("Cool, dark and dry: how to keep powder fresh.");
  const body = page.getByLabel("Post text");
  await body.fill(
    [
      "## Why it matters",
      "",
      "> Light and moisture are what spoil it.",
      "",
      "| Where | Keeps |",
      "|---|--:|",
      "| Pantry jar | 12 months |",
      "| Fridge | 18 months |",
      "",
      "<script>alert(1)</script> stays text.",
      "",
    ].join("\n"),
  );
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Insert picture" }).click();
  await (await chooser).setFiles(png("jar.png"));
  await expect(page.getByText("Picture added to the post.")).toBeVisible();
  await expect(body).toHaveValue(/!\[Describe the picture\]\(\/uploads\/[0-9a-f]{32}-\d+\.webp\)/);
  await page.keyboard.type("A jar on a shelf");
  await expect(body).toHaveValue(/!\[A jar on a shelf\]\(\/uploads\//);
  await page.getByLabel("Choose a cover").setInputFiles(png("cover.png"));

  // The preview is the server's rendering of the body.
  const preview = page.getByTestId("post-preview");
  await expect(preview.getByRole("heading", { level: 2, name: "Why it matters" })).toBeVisible();
  await expect(preview.locator("blockquote")).toHaveText("Light and moisture are what spoil it.");
  await expect(preview.getByRole("table")).toContainText("Pantry jar");
  await expect(preview.getByRole("img", { name: "A jar on a shelf" })).toBeVisible();
  await expect(preview).toContainText("<script>alert(1)</script> stays text.");
  await expect(page.getByText("As the shop shows it")).toBeVisible();
  await expectNoViolations(page, "New post with its preview");
  await shot("blog-new");

  // Saved as a draft: the shop does not show it.
  await page.getByRole("button", { name: "Create post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit “${title}”` })).toBeVisible();
  await toastAtRest(page, `Post “${title}” created`);
  await expect(page.getByText("Draft: not on the shop.")).toBeVisible();
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
  expect((await page.request.get(`/api/blog/${slug}`)).status()).toBe(404);

  // Published: the shop shows it, with its cover, quote, table and picture.
  await page.getByLabel("Published").check();
  await page.getByLabel("Publish date").fill("2020-01-15T09:30");
  await page.getByRole("button", { name: "Save post" }).click();
  await toastAtRest(page, `Post “${title}” saved`);
  await expect(page.getByText(/^Published: on the shop since/)).toBeVisible();
  await expectNoViolations(page, "Edit post");
  await shot("blog-edit");
  await page.getByRole("link", { name: "View on the shop" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("January 15, 2020")).toBeVisible();
  const article = page.getByRole("article").first();
  await expect(article.locator("blockquote")).toHaveText("Light and moisture are what spoil it.");
  await expect(article.getByRole("table")).toContainText("18 months");
  await expect(article.getByRole("img", { name: "A jar on a shelf" })).toBeVisible();
  await expect(article.locator("img[src^='/uploads/']").first()).toBeVisible();
  await expectNoViolations(page, "The published post on the shop");
  await shot("blog-storefront");

  // The list finds it by its words and filters; the row's Delete asks first, then it is gone.
  await page.goto("/dashboard/blog");
  await page.getByLabel("Status").selectOption("published");
  await expect(page).toHaveURL(/[?&]state=published/);
  await page.getByLabel("Search posts").fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(page).toHaveURL(/[?&]state=published/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Published");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expectNoViolations(page, "Blog posts");
  await shot("blog-list");
  await row.getByRole("button", { name: `Delete “${title}”` }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this post?" });
  await expect(dialog).toContainText(`“${title}” will be removed from the blog for good.`);
  await dialog.getByRole("button", { name: "Delete post" }).click();
  await toastAtRest(page, `Post “${title}” deleted`);
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/blog/${slug}`)).status()).toBe(404);
});
