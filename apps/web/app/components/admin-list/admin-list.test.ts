import { describe, expect, it } from "vitest";
import { clearWords, countedPageOf, firstPagePath, listSummary, pageOf } from "./admin-list.tsx";

const noun = { one: "code", many: "codes" };

describe("a list's page and its summary line", () => {
  it("counts pages from the total, at least one", () => {
    expect(pageOf({ items: [], total: 0, page: 1, pageSize: 25 }).totalPages).toBe(1);
    expect(pageOf({ items: [], total: 51, page: 1, pageSize: 25 }).totalPages).toBe(3);
  });

  it("reads a page-counted answer with the list's page size", () => {
    expect(countedPageOf({ items: ["a", "b"], total: 27, currentPage: 2 }, 25)).toEqual({
      items: ["a", "b"],
      total: 27,
      page: 2,
      pageSize: 25,
      totalPages: 2,
    });
  });

  it("says the range only when there is more than one page, and what it matches", () => {
    expect(listSummary(undefined, noun)).toBeNull();
    expect(listSummary(pageOf({ items: ["a"], total: 1, page: 1, pageSize: 25 }), noun)).toBe("1 code");
    const second = countedPageOf({ items: ["a", "b"], total: 1_027, currentPage: 2 }, 2);
    expect(listSummary(second, noun, " matching the filters")).toBe("3–4 of 1,027 codes matching the filters");
  });

  it("leads back to the first page with the same search", () => {
    expect(firstPagePath("/dashboard/discounts", new URLSearchParams("q=fall&page=9"))).toBe(
      "/dashboard/discounts?q=fall",
    );
    expect(firstPagePath("/dashboard/discounts", new URLSearchParams("page=9"))).toBe("/dashboard/discounts");
  });
});

describe("the way back from a search that found nothing", () => {
  it("names what the address narrows the list by", () => {
    expect(clearWords("?q=fall")).toBe("Clear the search");
    expect(clearWords("?q=fall&page=2")).toBe("Clear the search");
    expect(clearWords("?view=payments&q=fall&sort=oldest")).toBe("Clear the search");
    expect(clearWords("?status=active")).toBe("Clear the filters");
    expect(clearWords("?q=fall&status=active")).toBe("Clear the search and filters");
  });
});
