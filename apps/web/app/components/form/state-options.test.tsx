// @vitest-environment happy-dom
import { US_STATES } from "@shop/shared/constants";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { StateOptions } from "./state-options.tsx";

afterEach(cleanup);

const stateCount = Object.keys(US_STATES).length;

function optionsOf(choose?: boolean | "disabled") {
  render(
    <select aria-label="State" defaultValue="">
      <StateOptions {...(choose === undefined ? {} : { choose })} />
    </select>,
  );
  return [...(screen.getByRole("combobox", { name: "State" }) as HTMLSelectElement).options];
}

describe("StateOptions", () => {
  it("starts with an empty choice to pick, then every state by its code and name", () => {
    const options = optionsOf();
    expect(options).toHaveLength(stateCount + 1);
    expect(options[0]).toMatchObject({ value: "", text: "Choose a state", disabled: false });
    expect(options[1]).toMatchObject({ value: "AL", text: "Alabama" });
    expect(options.map((option) => option.value)).toContain("DC");
  });

  it("makes the empty choice unpickable where a state must be chosen", () => {
    expect(optionsOf("disabled")[0]).toMatchObject({ value: "", disabled: true });
  });

  it("leaves the empty choice out where the field always holds a state", () => {
    const options = optionsOf(false);
    expect(options).toHaveLength(stateCount);
    expect(options[0]?.value).toBe("AL");
  });
});
