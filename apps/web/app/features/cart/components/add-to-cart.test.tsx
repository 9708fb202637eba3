// @vitest-environment happy-dom
import type { VariantSummary } from "@shop/shared";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AddToCart } from "./add-to-cart.tsx";
import { CartProvider, useCart } from "./cart-context.tsx";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const VAPE: VariantSummary = {
  id: "p1",
  variantId: "p1",
  sku: "VAPE-1",
  name: "Cloud Vape",
  productType: "Disposable",
  brand: "Cloud",
  category: { id: "c1", name: "Disposable", slug: "disposable" },
  flavour: null,
  strainType: null,
  nicotineStrength: null,
  featured: false,
  priceCents: null,
  sellingPricePcsCents: 1999,
  sellingPriceBoxCents: 8899,
  pcsPerPack: 1,
  packPerBox: 5,
  stock: 100,
  deliveryAvailable: true,
  soldNowhere: false,
  image: null,
  variantCount: 1,
  firstOption: null,
  unitPriceRange: { minCents: 1999, maxCents: 1999 },
  regulatoryClasses: ["ENDS"],
  options: [],
};

/** What the cart holds, as its lines' unit, price and quantity. */
function CartLines() {
  const { cart } = useCart();
  return (
    <output aria-label="Cart lines">
      {cart?.items.map((item) => `${item.unit} ${item.unitPriceCents} × ${item.quantity}`).join("; ")}
    </output>
  );
}

function shop(wholesaleBox?: { boxPriceCents: number; piecesPerBox: number } | null) {
  return render(
    <CartProvider settings={{ shippingFlatFeeCents: 1000, freeShippingOverCents: 10000 }}>
      <AddToCart product={VAPE} {...(wholesaleBox === undefined ? {} : { wholesaleBox })} />
      <CartLines />
    </CartProvider>,
  );
}

describe("Add to cart (decision 102)", () => {
  it("offers a retail buyer the piece and the box at the shop's prices", () => {
    shop();
    expect(screen.getByRole("radio", { name: /Piece/ })).toBeTruthy();
    expect(screen.getByRole("radio", { name: /Box of 5/ })).toBeTruthy();
  });

  it("adds only whole boxes at an approved wholesale account's own price", () => {
    shop({ boxPriceCents: 5750, piecesPerBox: 5 });
    expect(screen.queryByRole("radio", { name: /Piece/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(screen.getByRole("status", { name: "Cart lines" }).textContent).toBe("box 5750 × 1");
  });

  it("adds nothing of a variant not sold wholesale, and says so", () => {
    shop(null);
    const button = screen.getByRole("button", { name: "Not sold wholesale" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
