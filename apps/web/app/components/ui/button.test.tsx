// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Button, buttonClass } from "./button.tsx";

afterEach(cleanup);

describe("buttonClass", () => {
  it("is the primary, medium look unless told otherwise, with placement classes after it", () => {
    expect(buttonClass()).toBe("btn btn-primary btn-md");
    expect(buttonClass({ variant: "danger", size: "icon" })).toBe("btn btn-danger btn-icon");
    expect(buttonClass({ size: "lg", className: "mt-6 w-full" })).toBe("btn btn-primary btn-lg mt-6 w-full");
  });
});

describe("Button", () => {
  it("is a plain button unless it says submit, in the look it is given", () => {
    render(
      <>
        <Button variant="secondary">Cancel</Button>
        <Button type="submit" disabled>
          Save
        </Button>
      </>,
    );
    const cancel = screen.getByRole("button", { name: "Cancel" });
    expect(cancel.getAttribute("type")).toBe("button");
    expect(cancel.className).toBe("btn btn-secondary btn-md");
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.getAttribute("type")).toBe("submit");
    expect(save.disabled).toBe(true);
  });
});
