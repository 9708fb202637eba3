import type { Banner } from "@shop/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormValue, multipart, type Sessions } from "../../test/forms.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let cookies: Sessions;
let picture: Buffer;
let otherPicture: Buffer;

/** Accounts of every role, made directly in the database: this file is about banners. */
beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions({ demoData: false }));
  picture = await sharp({ create: { width: 800, height: 300, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
  otherPicture = await sharp({ create: { width: 700, height: 260, channels: 3, background: "#a26" } })
    .jpeg()
    .toBuffer();
});
afterAll(() => shop.close());

const png = () => ({ file: picture, filename: "banner.png", type: "image/png" });

function send(method: "POST" | "PUT", url: string, parts: Record<string, FormValue>, cookie = cookies.manager) {
  return shop.app.inject({ method, url, ...multipart(parts, cookie) });
}

const list = async (cookie?: string, all = false) =>
  shop.app.inject({ method: "GET", url: `/api/banner${all ? "?all=true" : ""}`, headers: cookie ? { cookie } : {} });

async function create(parts: Record<string, FormValue> = {}): Promise<Banner> {
  const response = await send("POST", "/api/banner", {
    tittle: "Spring sale",
    description: "Twenty percent off hemp flower",
    linkUrl: "/products?category=hemp-product",
    isActive: "true",
    image: png(),
    ...parts,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const bannerCount = () => shop.rowCount("banners");

describe("creating banners", () => {
  it("stores the form and its picture as WebP renditions, and the storefront shows it", async () => {
    const banner = await create();
    expect(banner).toMatchObject({
      tittle: "Spring sale",
      description: "Twenty percent off hemp flower",
      linkUrl: "/products?category=hemp-product",
      isActive: true,
      image: {
        width: 800,
        height: 300,
        alt: "Spring sale",
        src: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-\d+\.webp$/),
      },
    });
    const served = await shop.app.inject({ url: banner.image?.src ?? "" });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const shown: Banner[] = (await list()).json();
    expect(shown.map((b) => b.id)).toContain(banner.id);
  });

  it("reads plain form words (title, active, link) in any case; an unticked box means inactive", async () => {
    const inactive = await send("POST", "/api/banner", { Title: "  Quiet banner  ", LINK: "", image: png() });
    expect(inactive.statusCode, inactive.body).toBe(201);
    expect(inactive.json()).toMatchObject({ tittle: "Quiet banner", description: "", linkUrl: null, isActive: false });
    const shown: Banner[] = (await list()).json();
    expect(shown.map((b) => b.id)).not.toContain(inactive.json().id);

    const active = await send("POST", "/api/banner", { title: "Loud banner", active: "on", image: png() });
    expect(active.json().isActive).toBe(true);
  });

  it("puts a banner without a position last, and keeps a given one", async () => {
    const all: Banner[] = (await list(cookies.manager, true)).json();
    const last = Math.max(...all.map((b) => b.position));
    expect((await create({ position: "" })).position).toBe(last + 1);
    expect((await create({ position: "0" })).position).toBe(0);
  });

  it.each([
    ["no title", { tittle: "   " }, "tittle", "Please enter a title."],
    ["a long title", { tittle: "x".repeat(121) }, "tittle", "Please keep the title under 120 characters."],
    [
      "a javascript: link",
      { linkUrl: "javascript:alert(1)" },
      "linkUrl",
      expect.stringMatching(/^Please enter a shop page/),
    ],
    [
      "a protocol-relative link",
      { linkUrl: "//evil.test/x" },
      "linkUrl",
      expect.stringMatching(/^Please enter a shop page/),
    ],
    ["a position that is not a number", { position: "first" }, "position", expect.stringMatching(/whole number/)],
    ["a position too high", { position: "10000" }, "position", expect.stringMatching(/whole number/)],
    ["an unknown field", { colour: "red" }, "colour", "is not a known field"],
  ])("refuses %s, beside the field, and stores nothing", async (_, parts, field, message) => {
    const before = await bannerCount();
    const response = await send("POST", "/api/banner", { tittle: "Valid", image: png(), ...parts });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toEqual(message);
    expect(await bannerCount()).toBe(before);
  });

  it("needs a picture, and refuses what is not a JPEG, PNG or WebP (an SVG with a script)", async () => {
    const before = await bannerCount();
    const missing = await send("POST", "/api/banner", { tittle: "No picture" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.image).toBe("Please choose an image (JPEG, PNG or WebP).");

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await send("POST", "/api/banner", {
      tittle: "Sneaky",
      image: { file: svg, filename: "logo.png", type: "image/png" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "This file is not a JPEG, PNG or WebP image.",
      fields: { image: "This file is not a JPEG, PNG or WebP image." },
    });
    expect(await bannerCount()).toBe(before);
  });
});

describe("editing banners", () => {
  it("changes the fields and keeps the picture when none is sent", async () => {
    const banner = await create({ position: "7" });
    const response = await send("PUT", `/api/banner/${banner.id}`, {
      tittle: "Summer sale",
      description: "Now thirty percent",
      linkUrl: "https://example.com/summer",
      isActive: "false",
      position: "",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...banner,
      tittle: "Summer sale",
      description: "Now thirty percent",
      linkUrl: "https://example.com/summer",
      isActive: false,
      image: { ...banner.image, alt: "Summer sale" },
    });
    const again = await shop.app.inject({ url: `/api/banner/${banner.id}`, headers: { cookie: cookies.manager } });
    expect(again.json().tittle).toBe("Summer sale");
  });

  it("replaces the picture when a new one is sent; an empty file part keeps it", async () => {
    const banner = await create();
    const kept = await send("PUT", `/api/banner/${banner.id}`, {
      tittle: banner.tittle,
      isActive: "true",
      image: { file: Buffer.alloc(0), filename: "", type: "application/octet-stream" },
    });
    expect(kept.json().image).toEqual(banner.image);
    const replaced = await send("PUT", `/api/banner/${banner.id}`, {
      tittle: banner.tittle,
      isActive: "true",
      image: { file: otherPicture, filename: "new.jpg", type: "image/jpeg" },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().image).toMatchObject({ width: 700, height: 260 });
    expect(replaced.json().image.src).not.toBe(banner.image?.src);
  });

  it("refuses bad input without changing anything, and answers 404 for an unknown banner", async () => {
    const banner = await create();
    const refused = await send("PUT", `/api/banner/${banner.id}`, { tittle: "", isActive: "false" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.tittle).toBe("Please enter a title.");
    const unchanged = await shop.app.inject({ url: `/api/banner/${banner.id}`, headers: { cookie: cookies.manager } });
    expect(unchanged.json()).toEqual(banner);

    const unknown = await send("PUT", "/api/banner/no-such-banner", { tittle: "Ghost" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("There is no banner with the id no-such-banner.");
  });
});

describe("deleting banners", () => {
  it("deletes with 204; the banner is gone from both lists, and a second delete is 404", async () => {
    const banner = await create();
    const deleted = await shop.app.inject({
      method: "DELETE",
      url: `/api/banner/${banner.id}`,
      headers: { cookie: cookies.manager },
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    for (const response of [await list(), await list(cookies.manager, true)]) {
      expect((response.json() as Banner[]).map((b) => b.id)).not.toContain(banner.id);
    }
    const again = await shop.app.inject({
      method: "DELETE",
      url: `/api/banner/${banner.id}`,
      headers: { cookie: cookies.manager },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("who may do what", () => {
  it("everyone sees the active banners; only Managers and Owners see all of them", async () => {
    const hidden = await create({ isActive: "false", tittle: "Staff only" });
    expect((await list()).statusCode).toBe(200);
    expect(((await list()).json() as Banner[]).every((b) => b.isActive)).toBe(true);
    expect((await list(undefined, true)).statusCode).toBe(401);
    expect((await list(cookies.customer, true)).statusCode).toBe(403);
    const staff = await list(cookies.staff, true);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe("This needs a Manager or Owner account; you are signed in as Staff.");
    const all = await list(cookies.manager, true);
    expect(all.statusCode).toBe(200);
    expect(all.headers["cache-control"]).toBe("private, no-store");
    expect((all.json() as Banner[]).map((b) => b.id)).toContain(hidden.id);
    const bad = await shop.app.inject({ url: "/api/banner?all=yes" });
    expect(bad.statusCode).toBe(400);
  });

  it("anonymous callers get 401 and customers 403 on every change, and nothing changes", async () => {
    const banner = await create();
    const before = await bannerCount();
    for (const [cookie, status] of [
      ["", 401],
      [cookies.customer, 403],
    ] as const) {
      expect((await send("POST", "/api/banner", { tittle: "Nope", image: png() }, cookie)).statusCode).toBe(status);
      expect((await send("PUT", `/api/banner/${banner.id}`, { tittle: "Nope" }, cookie)).statusCode).toBe(status);
      const deleted = await shop.app.inject({
        method: "DELETE",
        url: `/api/banner/${banner.id}`,
        headers: cookie ? { cookie } : {},
      });
      expect(deleted.statusCode).toBe(status);
      expect((await shop.app.inject({ url: `/api/banner/${banner.id}`, headers: { cookie } })).statusCode).toBe(status);
    }
    expect(await bannerCount()).toBe(before);
    const unchanged = await shop.app.inject({ url: `/api/banner/${banner.id}`, headers: { cookie: cookies.manager } });
    expect(unchanged.json()).toEqual(banner);
  });
});
