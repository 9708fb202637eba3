import type { BlogAdminList, BlogAdminPost, BlogImage, BlogPost, BlogPostInput, BlogPostList } from "@shop/shared";
import { blogSlugTakenMessage } from "@shop/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, type Sessions } from "../../test/forms.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";

// The blog admin (decision 058): staff write, schedule, preview and delete posts;
// the storefront shows only published posts whose date has come. Runs on SQLite and PostgreSQL.
let shop: TestApp;
let cookies: Sessions;
let picture: Buffer;
beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions({ demoData: false }));
  picture = await sharp({ create: { width: 1400, height: 700, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
});
afterAll(() => shop.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, cookie = cookies.staff) =>
  shop.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const hour = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

let made = 0;
function input(overrides: Partial<BlogPostInput> = {}): BlogPostInput {
  made += 1;
  return {
    title: `Post number ${made}`,
    slug: `post-number-${made}`,
    section: "guides",
    excerpt: "What this post is about.",
    body: "Hello **there**.",
    coverImageKey: null,
    status: "published",
    publishedAt: at(-hour),
    ...overrides,
  };
}

async function create(overrides: Partial<BlogPostInput> = {}): Promise<BlogAdminPost> {
  const response = await call("POST", "/api/admin/blog/posts", input(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as BlogAdminPost;
}

async function upload(file: Buffer, filename = "cover.png") {
  return shop.app.inject({
    method: "POST",
    url: "/api/admin/blog/images",
    ...multipart({ image: { file, filename, type: "image/png" } }, cookies.staff),
  });
}

const storefront = (slug: string) => shop.app.inject(`/api/blog/${slug}`);

describe("writing posts", () => {
  it("makes the slug from the title when none is given, and names the author", async () => {
    const post = await create({ title: "Kratom: a Buyer’s Guide (2026)", slug: "" });
    expect(post.slug).toBe("kratom-a-buyer-s-guide-2026");
    expect(post.authorName).toBe("Admin User");
    // The same title again takes the next free address.
    expect((await create({ title: "Kratom: a Buyer’s Guide (2026)", slug: "" })).slug).toBe(
      "kratom-a-buyer-s-guide-2026-2",
    );
  });

  it("refuses a slug another post has, with the reason beside the field; a post keeps its own", async () => {
    const first = await create({ slug: "same-address" });
    const response = await call("POST", "/api/admin/blog/posts", input({ slug: "same-address" }));
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual({ slug: blogSlugTakenMessage("same-address") });
    const other = await create();
    const clash = await call("PUT", `/api/admin/blog/posts/${other.id}`, input({ slug: "same-address" }));
    expect(clash.statusCode).toBe(409);
    const again = await call("PUT", `/api/admin/blog/posts/${first.id}`, input({ slug: "same-address", title: "New" }));
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as BlogAdminPost).title).toBe("New");
  });

  it("says what is wrong with each field and saves nothing", async () => {
    const before = await shop.rowCount("blog_posts");
    const response = await call(
      "POST",
      "/api/admin/blog/posts",
      input({ title: " ", slug: "Not a slug!", publishedAt: "tomorrow" }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {}).sort()).toEqual(["publishedAt", "slug", "title"]);
    const unknownCover = await call("POST", "/api/admin/blog/posts", input({ coverImageKey: "a".repeat(32) }));
    expect(unknownCover.statusCode).toBe(400);
    expect(unknownCover.json().fields.coverImageKey).toMatch(/upload it again/);
    expect(await shop.rowCount("blog_posts")).toBe(before);
  });

  it("publishes without a date from now on; a draft keeps its planned date", async () => {
    const now = await create({ publishedAt: null });
    expect(now.state).toBe("published");
    expect(Date.parse(now.publishedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    const planned = at(24 * hour);
    const draft = await create({ status: "draft", publishedAt: planned });
    expect(draft).toMatchObject({ state: "draft", publishedAt: planned });
  });
});

describe("what the storefront shows", () => {
  it("shows a published post whose date has come, not a draft nor a scheduled one", async () => {
    const published = await create({ section: "reviews" });
    const draft = await create({ section: "reviews", status: "draft", publishedAt: at(-hour) });
    const scheduled = await create({ section: "reviews", publishedAt: at(hour) });
    expect(scheduled.state).toBe("scheduled");

    expect((await storefront(published.slug)).statusCode).toBe(200);
    expect((await storefront(draft.slug)).statusCode).toBe(404);
    expect((await storefront(scheduled.slug)).statusCode).toBe(404);
    const list = (await shop.app.inject("/api/blog?section=reviews&limit=50")).json() as BlogPostList;
    const slugs = list.items.map((post) => post.slug);
    expect(slugs).toContain(published.slug);
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(scheduled.slug);

    // Publishing the draft puts it out at once.
    const out = await call(
      "PUT",
      `/api/admin/blog/posts/${draft.id}`,
      input({ slug: draft.slug, status: "published" }),
    );
    expect(out.statusCode, out.body).toBe(200);
    expect((await storefront(draft.slug)).statusCode).toBe(200);
  });

  it("shows the cover and renders pictures, quotes and tables from the body", async () => {
    const uploaded = await upload(picture);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json() as BlogImage;
    expect(image.url).toBe(`/uploads/${image.key}-1400.webp`);
    const post = await create({
      coverImageKey: image.key,
      body: [
        "> Every batch is lab tested.",
        "",
        "| Strain | Price |",
        "|---|--:|",
        "| Maeng Da | $20 |",
        "",
        `![A jar on a shelf](${image.url})`,
      ].join("\n"),
    });
    expect(post.cover?.key).toBe(image.key);
    const shown = (await storefront(post.slug)).json() as BlogPost;
    expect(shown.image?.src).toMatch(new RegExp(`^/uploads/${image.key}-\\d+\\.webp$`));
    expect(shown.bodyHtml).toContain("<blockquote>\n<p>Every batch is lab tested.</p>\n</blockquote>");
    expect(shown.bodyHtml).toContain('<td data-align="right">$20</td>');
    expect(shown.bodyHtml).toContain(
      `<img src="${image.url}" alt="A jar on a shelf" srcset="/uploads/${image.key}-320.webp`,
    );
    expect(shown.bodyHtml).toContain('width="1400" height="700"');
  });
});

describe("pictures and the preview", () => {
  it("refuses what is not a picture, beside the image field", async () => {
    const response = await upload(Buffer.from("<html><script>alert(1)</script></html>"), "x.png");
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.image).toMatch(/not a JPEG, PNG or WebP/);
  });

  it("renders a body as the storefront would, pictures from the shop's store only", async () => {
    const image = (await upload(picture)).json() as BlogImage;
    const response = await call("POST", "/api/admin/blog/preview", {
      body: `## Title\n\n![ours](${image.url}) ![theirs](https://evil.example/x.png) <script>x</script> [x](javascript:y)`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { html } = response.json() as { html: string };
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain(`<img src="${image.url}" alt="ours"`);
    expect(html).toContain(" theirs &lt;script&gt;x&lt;/script&gt; x</p>");
    expect(html).not.toMatch(/evil|javascript|<script/);
  });
});

describe("the list", () => {
  it("searches titles, slugs and excerpts, and filters by section and state", async () => {
    const guide = await create({ title: "Storing hemp flower", section: "guides", excerpt: "Keep it cool." });
    const review = await create({ title: "Review of a charger", section: "reviews", status: "draft" });
    const later = await create({ title: "Coming soon: hemp news", section: "latest", publishedAt: at(hour) });
    const list = async (search: string) => {
      const response = await call("GET", `/api/admin/blog/posts${search}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as BlogAdminList).items.map((post) => post.id);
    };
    expect(await list("?q=HEMP")).toEqual([later.id, guide.id]);
    expect(await list("?q=keep%20cool")).toEqual([guide.id]);
    expect(await list("?q=hemp&section=guides")).toEqual([guide.id]);
    expect(await list("?q=hemp&state=scheduled")).toEqual([later.id]);
    expect(await list("?q=charger&state=draft")).toEqual([review.id]);
    expect(await list("?q=charger&state=published")).toEqual([]);
    const all = (await call("GET", "/api/admin/blog/posts")).json() as BlogAdminList;
    expect(all.total).toBe(await shop.rowCount("blog_posts"));
    expect((await call("GET", "/api/admin/blog/posts?state=gone")).statusCode).toBe(400);
  });
});

describe("deleting and access", () => {
  it("deletes a post, which leaves the storefront", async () => {
    const post = await create();
    expect((await storefront(post.slug)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/admin/blog/posts/${post.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/admin/blog/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/admin/blog/posts/${post.id}`)).statusCode).toBe(404);
    expect((await storefront(post.slug)).statusCode).toBe(404);
  });

  it("is for staff only", async () => {
    for (const [cookie, status] of [
      ["", 401],
      [cookies.customer, 403],
    ] as const) {
      expect((await call("GET", "/api/admin/blog/posts", undefined, cookie)).statusCode).toBe(status);
      expect((await call("POST", "/api/admin/blog/posts", input(), cookie)).statusCode).toBe(status);
      expect((await call("POST", "/api/admin/blog/preview", { body: "x" }, cookie)).statusCode).toBe(status);
    }
  });
});
