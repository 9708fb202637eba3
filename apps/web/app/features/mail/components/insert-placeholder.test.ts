import { describe, expect, it } from "vitest";
import { insertPlaceholder } from "./insert-placeholder.ts";

describe("insertPlaceholder", () => {
  it("puts the placeholder at the cursor and the cursor after it", () => {
    expect(insertPlaceholder("Order  is placed", 6, 6, "orderNumber", false)).toEqual({
      value: "Order {{orderNumber}} is placed",
      cursor: 21,
    });
  });

  it("replaces the selection", () => {
    expect(insertPlaceholder("Hello NAME,", 6, 10, "firstName", false)).toEqual({
      value: "Hello {{firstName}},",
      cursor: 19,
    });
  });

  it("gives a table a paragraph of its own, without doubling the empty lines around it", () => {
    expect(insertPlaceholder("Here:\n\nBye", 7, 7, "lines", true)).toEqual({
      value: "Here:\n\n{{lines}}\n\nBye",
      cursor: 18,
    });
    expect(insertPlaceholder("Here: more", 5, 5, "lines", true).value).toBe("Here:\n\n{{lines}}\n\nmore");
    expect(insertPlaceholder("", 0, 0, "lines", true)).toEqual({ value: "{{lines}}", cursor: 9 });
  });
});
