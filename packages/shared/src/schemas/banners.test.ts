import { describe, expect, it } from "vitest";
import { bannerFieldsSchema, isBannerLink } from "./banners.ts";

describe("isBannerLink", () => {
  it.each([
    "/products",
    "/products?category=kratom&sort=new",
    "/blog/guides#top",
    "https://example.com",
    "http://shop.test:8080/a?b=c",
  ])("accepts %s", (link) => expect(isBannerLink(link)).toBe(true));
  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>",
    "//evil.test/x",
    "/\\evil.test",
    "products",
    "https://",
    "https://exa mple.com",
    "/a b",
    "ftp://example.com",
  ])("refuses %s", (link) => expect(isBannerLink(link)).toBe(false));
});

describe("bannerFieldsSchema", () => {
  it("reads a multipart form: trimmed text, an unticked box as inactive, an empty position as none", () => {
    expect(bannerFieldsSchema.parse({ tittle: "  Sale ", linkUrl: " ", position: "" })).toEqual({
      tittle: "Sale",
      description: "",
      linkUrl: null,
      isActive: false,
      position: null,
    });
    expect(bannerFieldsSchema.parse({ tittle: "Sale", isActive: "on", position: "12" })).toMatchObject({
      isActive: true,
      position: 12,
    });
    expect(bannerFieldsSchema.parse({ tittle: "Sale", isActive: true, position: 3 })).toMatchObject({
      isActive: true,
      position: 3,
    });
  });

  it("refuses a negative or fractional position", () => {
    expect(bannerFieldsSchema.safeParse({ tittle: "Sale", position: "-1" }).success).toBe(false);
    expect(bannerFieldsSchema.safeParse({ tittle: "Sale", position: 1.5 }).success).toBe(false);
    expect(bannerFieldsSchema.safeParse({ tittle: "Sale", position: 10000 }).success).toBe(false);
  });
});
