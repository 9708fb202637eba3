import { BLOG_SECTIONS, type BlogPost, type BlogPostList, blogPostNotFoundMessage } from "@shop/shared";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPosts } from "../../db/seed/demo-blog.ts";
import type { BlogPostsTable } from "../../db/types.ts";
import { newId } from "../../lib/ids.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { countWords } from "./markdown.ts";

type PostRow = Insertable<BlogPostsTable> & { id: string; published_at: string | null };

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

function postRow(overrides: Partial<PostRow> & Pick<PostRow, "slug">): PostRow {
  const stamp = new Date().toISOString();
  return {
    id: newId(),
    section: "latest",
    title: `Test post ${overrides.slug}`,
    excerpt: "A post written by a test.",
    body: "Hello.",
    author_name: "Test",
    cover_image_key: null,
    published_at: stamp,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

/** Adds posts for one test and removes them afterwards. */
async function withPosts(rows: PostRow[], run: () => Promise<void>): Promise<void> {
  const db = shop.app.db.kysely;
  await db.insertInto("blog_posts").values(rows).execute();
  try {
    await run();
  } finally {
    await db
      .deleteFrom("blog_posts")
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
  }
}

describe("GET /api/blog", () => {
  it("lists the published demo posts, newest first, with covers and totals", async () => {
    const { status, body } = await shop.getJson<BlogPostList>("/api/blog");
    expect(status).toBe(200);
    expect(body.totalPosts).toBe(demoPosts.length);
    expect(body.items).toHaveLength(Math.min(10, demoPosts.length));
    expect(body.currentPage).toBe(1);
    expect(body.totalPages).toBe(Math.ceil(demoPosts.length / 10));
    const dates = body.items.map((post) => post.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.items[0]?.slug).toBe([...demoPosts].sort((a, b) => a.daysAgo - b.daysAgo)[0]?.slug);
    for (const post of body.items) {
      expect(post).toMatchObject({
        id: expect.any(String),
        title: expect.any(String),
        excerpt: expect.any(String),
        authorName: expect.any(String),
      });
      expect(post.image?.srcSet).toMatch(/\/uploads\/[a-f0-9]{32}-320\.webp 320w/);
      expect(post.image?.alt).toBe(post.title);
      expect(post).not.toHaveProperty("bodyHtml");
      expect(post).not.toHaveProperty("body");
    }
  });

  it.each(BLOG_SECTIONS)("filters by section: %s", async (section) => {
    const { status, body } = await shop.getJson<BlogPostList>(`/api/blog?section=${section}`);
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThanOrEqual(2);
    expect(body.items.every((post) => post.section === section)).toBe(true);
    expect(body.totalPosts).toBe(demoPosts.filter((post) => post.section === section).length);
  });

  it("reads the section whatever its case", async () => {
    const { body } = await shop.getJson<BlogPostList>("/api/blog?section=Guides");
    expect(body.items.every((post) => post.section === "guides")).toBe(true);
  });

  it("pages through every post exactly once; a page past the end is empty", async () => {
    const first = await shop.getJson<BlogPostList>("/api/blog?limit=3");
    expect(first.body.totalPages).toBe(Math.ceil(demoPosts.length / 3));
    const seen: string[] = [];
    for (let page = 1; page <= first.body.totalPages; page++) {
      const { body } = await shop.getJson<BlogPostList>(`/api/blog?limit=3&page=${page}`);
      expect(body.currentPage).toBe(page);
      seen.push(...body.items.map((post) => post.slug));
    }
    expect(new Set(seen).size).toBe(demoPosts.length);
    expect(seen).toHaveLength(demoPosts.length);
    const past = await shop.getJson<BlogPostList>(`/api/blog?limit=3&page=${first.body.totalPages + 1}`);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ items: [], totalPosts: demoPosts.length });
  });

  it("hides drafts and posts scheduled for later", async () => {
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const draft = postRow({ slug: "test-draft", section: "guides", published_at: null });
    const scheduled = postRow({ slug: "test-scheduled", section: "guides", published_at: tomorrow });
    const published = postRow({ slug: "test-published", section: "guides" });
    await withPosts([draft, scheduled, published], async () => {
      for (const url of ["/api/blog?limit=50", "/api/blog?section=guides&limit=50"]) {
        const { body } = await shop.getJson<BlogPostList>(url);
        const slugs = body.items.map((post) => post.slug);
        expect(slugs, url).toContain("test-published");
        expect(slugs, url).not.toContain("test-draft");
        expect(slugs, url).not.toContain("test-scheduled");
        expect(body.totalPosts, url).toBe(slugs.length);
      }
      for (const slug of ["test-draft", "test-scheduled"]) {
        const response = await shop.app.inject(`/api/blog/${slug}`);
        expect(response.statusCode, slug).toBe(404);
        expect(response.json().message).toBe(blogPostNotFoundMessage(slug));
      }
      expect((await shop.app.inject("/api/blog/test-published")).statusCode).toBe(200);
    });
  });

  it.each([
    ["page=0", "Query parameter 'page' must be a whole number from 1 to 100000."],
    ["page=abc", "Query parameter 'page' must be a whole number from 1 to 100000."],
    ["limit=0", "Query parameter 'limit' must be a whole number from 1 to 50."],
    ["limit=51", "Query parameter 'limit' must be a whole number from 1 to 50."],
    ["section=news", "Query parameter 'section' must be latest, reviews or guides."],
    ["sort=newest", "Query parameter 'sort' is not a known field."],
  ])("refuses %s with a readable 400", async (query, message) => {
    const response = await shop.app.inject(`/api/blog?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "Bad Request", message });
  });
});

describe("GET /api/blog/{slug}", () => {
  it("answers a post with its body rendered to HTML", async () => {
    const { status, body } = await shop.getJson<BlogPost>("/api/blog/how-to-read-a-certificate-of-analysis");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: "how-to-read-a-certificate-of-analysis",
      section: "guides",
      title: "How to read a certificate of analysis (COA)",
    });
    expect(body.bodyHtml).toContain("<h2>1. Check that it belongs to your product</h2>");
    expect(body.bodyHtml).toContain('<a href="/coas">COA lookup</a>');
    expect(body.bodyHtml).toMatch(/<ul>\n<li><strong>Product name<\/strong>/);
    expect(body.bodyHtml).toMatch(/<ol>\n<li>has no batch number/);
    expect(body.bodyHtml).not.toContain("**");
    expect(body.image?.src).toMatch(/^\/uploads\/[a-f0-9]{32}-\d+\.webp$/);
  });

  it("matches the slug whatever its case", async () => {
    expect((await shop.app.inject("/api/blog/Kratom-Vein-Colours-Explained")).statusCode).toBe(200);
  });

  it("answers 404 in words for an unknown post", async () => {
    const response = await shop.app.inject("/api/blog/no-such-post");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not Found", message: "post no-such-post not found." });
  });

  it("answers 404 for a slug of any length", async () => {
    for (const slug of ["x".repeat(100), "x".repeat(101)]) {
      expect((await shop.app.inject(`/api/blog/${slug}`)).statusCode).toBe(404);
    }
  });

  it("never answers a body with markup from the source", async () => {
    const hostile = postRow({
      slug: "test-hostile",
      section: "reviews",
      title: '<img src=x onerror="alert(1)">',
      body: [
        "<script>alert(1)</script>",
        "",
        '<img src=x onerror="alert(1)"> and [click](javascript:alert) and [data](data:text/html,x)',
        "",
        "## <svg onload=alert(1)>",
        "",
        '- [quoted](https://ok.example/"onmouseover="alert)',
      ].join("\n"),
    });
    await withPosts([hostile], async () => {
      const response = await shop.app.inject("/api/blog/test-hostile");
      expect(response.statusCode).toBe(200);
      const post = response.json() as BlogPost;
      expect(post.bodyHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(post.bodyHtml).not.toMatch(/<script|<img|<svg|javascript:|data:/i);
      // The quote in the target is percent-encoded, so it cannot end the attribute (decision 058).
      expect(post.bodyHtml).toContain('href="https://ok.example/%22onmouseover=%22alert"');
      // Titles and excerpts are plain text: the pages print them escaped, as React does.
      expect(post.title).toBe(hostile.title);
    });
  });

  it("answers no post whose body holds a script or a javascript: link", async () => {
    const { body } = await shop.getJson<BlogPostList>("/api/blog?limit=50");
    expect(body.items.length).toBe(demoPosts.length);
    for (const summary of body.items) {
      const response = await shop.app.inject(`/api/blog/${summary.slug}`);
      expect(response.statusCode).toBe(200);
      expect(response.body, summary.slug).not.toMatch(/<script/i);
      expect(response.body, summary.slug).not.toMatch(/javascript:/i);
    }
  });
});

describe("the demo posts", () => {
  it("have two or more posts in every section and 300 to 600 words each", () => {
    for (const section of BLOG_SECTIONS) {
      expect(demoPosts.filter((post) => post.section === section).length, section).toBeGreaterThanOrEqual(2);
    }
    for (const post of demoPosts) {
      const words = countWords(post.body);
      expect(words, post.slug).toBeGreaterThanOrEqual(300);
      expect(words, post.slug).toBeLessThanOrEqual(600);
    }
  });

  it("link only to pages that exist", async () => {
    const slugs = new Set(demoPosts.map((post) => post.slug));
    const sitePages = ["/coas", "/contact-us", "/privacy-policy", "/terms-and-conditions"];
    for (const post of demoPosts) {
      const { body } = await shop.getJson<BlogPost>(`/api/blog/${post.slug}`);
      for (const [, href = ""] of body.bodyHtml.matchAll(/href="([^"]*)"/g)) {
        if (href.startsWith("/blog/")) expect(slugs.has(href.slice("/blog/".length)), href).toBe(true);
        else if (href.startsWith("/products?category=")) expect(href).toMatch(/^\/products\?category=[a-z-]+$/);
        else expect(sitePages, `${post.slug}: ${href}`).toContain(href);
      }
      // Every construct of the subset was meant: no Markdown left over as text.
      expect(body.bodyHtml, post.slug).not.toMatch(/\*|\]\(|^#/m);
    }
  });
});
