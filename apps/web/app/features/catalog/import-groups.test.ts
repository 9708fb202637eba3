import type { ProductImportResult } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { firstGroups, importGroups } from "./import-groups.ts";

type Row = ProductImportResult["rows"][number];

const row = (line: number, productLine: number, kind: Row["kind"], action: Row["action"] = "update"): Row => ({
  line,
  productLine,
  kind,
  action,
  sku: `SKU-${line}`,
  name: `Product of line ${productLine}`,
  options: [],
  changes: [],
  problems: [],
});

describe("importGroups", () => {
  it("puts each product's variants under it, in the file's order", () => {
    const groups = importGroups([
      row(2, 2, "product", "unchanged"),
      row(4, 2, "variant"),
      row(5, 5, "product", "create"),
      row(6, 5, "variant", "create"),
      row(9, 2, "variant", "create"),
    ]);
    expect(groups.map((group) => [group.line, group.product?.line, group.variants.map((v) => v.line)])).toEqual([
      [2, 2, [4, 9]],
      [5, 5, [6]],
    ]);
    expect(groups[0]?.name).toBe("Product of line 2");
  });

  it("shows products with problems first, and a product whose own row is not in the file by its variants", () => {
    const groups = importGroups([
      row(2, 2, "product", "create"),
      row(3, 3, "variant", "unchanged"),
      row(4, 3, "variant", "error"),
      row(5, 5, "product", "error"),
    ]);
    expect(groups.map((group) => [group.line, group.hasProblems, group.product?.line ?? null])).toEqual([
      [3, true, null],
      [5, true, 5],
      [2, false, 2],
    ]);
    expect(groups[0]?.variants.map((v) => v.line)).toEqual([3, 4]);
  });
});

describe("firstGroups", () => {
  const groups = importGroups([
    row(2, 2, "product"),
    row(3, 2, "variant"),
    row(4, 4, "product"),
    row(5, 4, "variant"),
    row(6, 4, "variant"),
    row(7, 7, "product"),
  ]);

  it("shows whole products up to the number of rows", () => {
    expect(firstGroups(groups, 2).map((group) => group.line)).toEqual([2]);
    expect(firstGroups(groups, 4).map((group) => group.line)).toEqual([2]);
    expect(firstGroups(groups, 5).map((group) => group.line)).toEqual([2, 4]);
    expect(firstGroups(groups, 100).map((group) => group.line)).toEqual([2, 4, 7]);
  });

  it("shows at least the first product, however many rows it has", () => {
    expect(firstGroups(groups, 1).map((group) => group.line)).toEqual([2]);
  });
});
