// @vitest-environment happy-dom
import type { ProductVariant } from "@shop/shared";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VariantChoices } from "./variant-choices.tsx";

afterEach(cleanup);

const OPTIONS = [
  { name: "Flavour", values: ["Mango", "Lime", "Grape"] },
  { name: "Nicotine strength", values: ["5%", "0%"] },
];

const variant = (id: string, options: string[], stock: number): ProductVariant => ({
  id,
  sku: `SKU-${id}`,
  options,
  priceCents: null,
  sellingPricePcsCents: 999,
  sellingPriceBoxCents: null,
  pcsPerPack: null,
  packPerBox: null,
  stock,
  image: null,
});

/** Mango in both strengths (0% sold out), Lime at 0% only; Grape not for sale. */
const VARIANTS = [
  variant("m5", ["Mango", "5%"], 4),
  variant("m0", ["Mango", "0%"], 0),
  variant("l0", ["Lime", "0%"], 9),
];

function renderChoices(shown: ProductVariant) {
  const onChoose = vi.fn<(id: string) => void>();
  render(<VariantChoices options={OPTIONS} variants={VARIANTS} shown={shown} onChoose={onChoose} />);
  return {
    onChoose,
    flavour: within(screen.getByRole("group", { name: "Flavour: Mango" })),
    strength: within(screen.getByRole("group", { name: "Nicotine strength: 5%" })),
  };
}

describe("VariantChoices", () => {
  it("names each group with its value shown, and every value with how it stands", () => {
    const { flavour, strength } = renderChoices(VARIANTS[0] as ProductVariant);
    expect(flavour.getByRole("radio", { name: "Mango" })).toHaveProperty("checked", true);
    expect(flavour.getAllByRole("radio").map((radio) => radio.parentElement?.textContent)).toEqual([
      "Mango",
      "Lime (not with the other choices: choosing it changes them)",
      "Grape (not for sale)",
    ]);
    expect(flavour.getByRole("radio", { name: /^Grape/ })).toHaveProperty("disabled", true);
    expect(strength.getAllByRole("radio").map((radio) => radio.parentElement?.textContent)).toEqual([
      "5%",
      "0% (sold out)",
    ]);
  });

  it("leads a choice to its variant, or to the closest one that has the value, and offers a button only without JavaScript", () => {
    const { onChoose, flavour, strength } = renderChoices(VARIANTS[0] as ProductVariant);
    fireEvent.click(strength.getByRole("radio", { name: /^0%/ }));
    fireEvent.click(flavour.getByRole("radio", { name: /^Lime/ }));
    expect(onChoose.mock.calls).toEqual([["m0"], ["l0"]]);
    // The form's button is in <noscript>: the page's script never draws it.
    expect(screen.queryByRole("button")).toBeNull();
    const form = document.querySelector("form");
    expect(form?.getAttribute("method")).toBe("get");
    // Sent without JavaScript: the variant shown and the values chosen, for the page's loader.
    expect([...new FormData(form as HTMLFormElement)]).toEqual([
      ["variant", "m5"],
      ["option1", "Mango"],
      ["option2", "5%"],
    ]);
  });
});
