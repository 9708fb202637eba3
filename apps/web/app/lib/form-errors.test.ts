import { describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./api-error.ts";
import { fieldProblemInWords, problemInWords, showServerErrors } from "./form-errors.ts";

describe("fieldProblemInWords", () => {
  it("puts the form's label before the API's fragment, with a capital and a stop", () => {
    expect(fieldProblemInWords("Name", "must be at most 200 characters")).toBe("Name must be at most 200 characters.");
  });

  it("keeps the API's own sentence, adding only what is missing", () => {
    expect(fieldProblemInWords("Name", "This SKU is taken.")).toBe("This SKU is taken.");
    expect(fieldProblemInWords("Name", "Too long!")).toBe("Too long!");
    expect(fieldProblemInWords(undefined, "must be a number")).toBe("Must be a number.");
  });
});

describe("problemInWords", () => {
  const problem = new ApiRequestError(400, "Please check the form.", { name: "is required", other: "is odd" });

  it("says each labelled field's problem", () => {
    expect(problemInWords(problem, { name: "Name" })).toBe("Name is required.");
  });

  it("gives the API's message when no field has a label", () => {
    expect(problemInWords(problem, {})).toBe("Please check the form.");
  });
});

describe("showServerErrors", () => {
  it("marks each known field and points the form at them", () => {
    const setError = vi.fn();
    const problem = new ApiRequestError(400, "Please check the form.", { name: "is required", price: "too high" });
    const given = showServerErrors(setError, problem, ["name", "sku"], { name: "Name" });
    expect(given).toBe(problem);
    expect(setError.mock.calls).toEqual([
      ["name", { message: "Name is required." }],
      ["root", { message: "Please check the fields marked above." }],
    ]);
  });

  it("says the API's message for the form when no field it shows is named", () => {
    const setError = vi.fn();
    showServerErrors(setError, new ApiRequestError(409, "This e-mail is taken.", { secret: "x" }), ["name"]);
    expect(setError.mock.calls).toEqual([["root", { message: "This e-mail is taken." }]]);
  });

  it("puts an API field on the form field a mapping names, in its words, and focuses it", () => {
    const setError = vi.fn();
    const setFocus = vi.fn();
    const problem = new ApiRequestError(400, "Please check the form.", { "jurisdiction.state": "is required" });
    const toForm = (path: string, message: string) => [path.split(".").at(-1) ?? path, `State ${message}.`] as const;
    showServerErrors(setError, problem, toForm, {}, { setFocus });
    expect(setError.mock.calls).toEqual([
      ["state", { message: "State is required." }],
      ["root", { message: "Please check the fields marked above." }],
    ]);
    expect(setFocus).toHaveBeenCalledWith("state");
  });

  it("words anything that is not an API error as a generic failure", () => {
    const setError = vi.fn();
    const given = showServerErrors(setError, new TypeError("Failed to fetch"), ["name"]);
    expect(given).toBeInstanceOf(ApiRequestError);
    expect(given.status).toBe(0);
    expect(setError.mock.calls).toEqual([["root", { message: "Something went wrong." }]]);
  });

  it("shows file fields' messages with the picker's own setter, once each, and focuses the first marked field", () => {
    const setError = vi.fn();
    const setFocus = vi.fn();
    const pictures = vi.fn();
    const problem = new ApiRequestError(400, "Please check the form.", {
      sku: "is taken",
      GalleryImages: "too many pictures",
      MainImage: "not a picture",
    });
    showServerErrors(
      setError,
      problem,
      ["name", "sku"],
      {},
      {
        files: { MainImage: pictures, GalleryImages: pictures },
        setFocus,
      },
    );
    expect(pictures.mock.calls).toEqual([["not a picture"]]);
    expect(setFocus.mock.calls).toEqual([["sku"]]);
    expect(setError).toHaveBeenLastCalledWith("root", { message: "Please check the fields marked above." });
  });

  it("points at a file picker alone, and focuses nothing when no field of the form's own is marked", () => {
    const setError = vi.fn();
    const setFocus = vi.fn();
    const image = vi.fn();
    showServerErrors(
      setError,
      new ApiRequestError(413, "Too large.", { image: "is over 5 MB" }),
      ["name"],
      {},
      {
        files: { image },
        setFocus,
      },
    );
    expect(image).toHaveBeenCalledWith("is over 5 MB");
    expect(setFocus).not.toHaveBeenCalled();
    expect(setError.mock.calls).toEqual([["root", { message: "Please check the fields marked above." }]]);
  });
});
