import { describe, expect, it } from "vitest";
import { pathLiterals, routeTakes } from "./test-fixtures.ts";

describe("pathLiterals", () => {
  it("reads the paths a file writes, an interpolation as a parameter, without query or fragment", () => {
    // A file's text: \` and \${ are its backticks and interpolations.
    const source = `
      const a = "/cart";
      const b = \`/blog/\${post.slug}\`;
      const c = '/products?category=disposable#top';
      const d = \`/api/admin/reports/\${name}.csv?\${range}\`;
      const e = "https://example.org/x"; const f = "a/b"; const g = "/";
    `;
    expect(pathLiterals(source)).toEqual(["/cart", "/blog/:param", "/products", "/api/admin/reports/:param.csv"]);
  });

  it("passes over a path whose interpolation holds a condition it cannot read", () => {
    expect(pathLiterals(`apiRequest(\`/api/staff\${page ? \`?page=\${page}\` : ""}\`)`)).toEqual([]);
  });
});

describe("routeTakes", () => {
  it("matches segment by segment, a parameter on either side standing for any text", () => {
    expect(routeTakes("/blog/:slug", "/blog/:param")).toBe(true);
    expect(routeTakes("/blog/:slug", "/blog/fall-sale")).toBe(true);
    expect(routeTakes("/api/admin/reports/sales.csv", "/api/admin/reports/:param.csv")).toBe(true);
    expect(routeTakes("/products/:id/edit", "/products/:param")).toBe(false);
    expect(routeTakes("/api/admin/reports/sales", "/api/admin/reports/:param.csv")).toBe(false);
    expect(routeTakes("/dashboard/orders", "/dashboard/order")).toBe(false);
  });
});
