import { describe, expect, it } from "vitest";
import { ApiRequestError, errorMessage } from "./api-error.ts";

describe("errorMessage", () => {
  it("gives the API's message in words", () => {
    expect(errorMessage(new ApiRequestError(409, "This SKU is taken."), "Could not save.")).toBe("This SKU is taken.");
  });

  it("gives the page's fallback for anything else, and a general one without it", () => {
    expect(errorMessage(new TypeError("x is undefined"), "Could not save.")).toBe("Could not save.");
    expect(errorMessage("odd")).toBe("Something went wrong.");
  });
});
